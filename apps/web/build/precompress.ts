import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Files smaller than this are served as they are. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // `.vite/` holds the build manifest, which is never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes a brotli (`.br`, highest quality) and a gzip (`.gz`) copy beside every text file of the build, once
 * everything else is written (the scanner's service worker included); the API serves the copy the browser
 * accepts, so no request pays for compressing.
 */
export function precompress(): Plugin {
  return {
    name: 'guichet-precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      handler(options) {
        const dir = options.dir ?? 'dist';
        for (const file of files(dir)) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
          const content = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
