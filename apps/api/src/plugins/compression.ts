import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this stay as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers above a kilobyte (lists, the OpenAPI document) with brotli or gzip, as the
 * client accepts. Brotli at quality 4: near gzip's speed with smaller output; the web build's files are
 * compressed at build time at the highest quality instead (and served as they are).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
}
