import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isAppPage } from '@guichet/shared/app-pages';
import type { FastifyInstance } from 'fastify';
import { languageOf, type PagePreloads } from './page-preloads';
import { type PagePrerender, withDrawnPage } from './page-prerender';

const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';

/** The encoding to send a page in: brotli, else gzip, as the client accepts (`q=0` refuses). */
export function encodingFor(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

/** A page's few versions (a page, a language, an encoding), each compressed once at the highest quality. */
const compressedPages = new Map<string, Buffer>();
const COMPRESSED_PAGES_KEPT = 64;

function compressedPage(html: string, encoding: Encoding): Buffer {
  const key = `${encoding}:${html}`;
  let body = compressedPages.get(key);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(html, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            },
          })
        : gzipSync(html, { level: constants.Z_BEST_COMPRESSION });
    if (compressedPages.size >= COMPRESSED_PAGES_KEPT) compressedPages.clear();
    compressedPages.set(key, body);
  }
  return body;
}

/**
 * Serves the web build: files compressed at build time (`.br`, `.gz`) chosen by `Accept-Encoding`, hashed
 * assets cached for a year, everything else (index.html, the service worker, build.json) revalidated.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<boolean> {
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
    },
  });
  return true;
}

/**
 * What no route answers. A GET of a page of the app (its route table, whatever the `Accept` header: link
 * checkers and chat previews send `*\/*`) gets the app's HTML with 200; any other GET outside the API gets
 * the app's HTML too, which shows its 404 screen, with status 404. The API, and anything but GET, answers
 * the API's JSON 404.
 */
export function registerNotFound(
  app: FastifyInstance,
  servesWeb: boolean,
  preloads: PagePreloads | null = null,
  prerender: PagePrerender | null = null,
): void {
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (servesWeb && isRead && !isApi) {
      const page = isAppPage(pathname);
      const language = languageOf(request.headers['accept-language']);
      let html = page ? preloads?.htmlFor(pathname, language) : null;
      if (html && prerender && (pathname.replace(/\/+$/, '') || '/') === '/connection') {
        const drawing = await prerender.signInPage(language).catch((error: unknown) => {
          request.log.warn({ err: error }, 'the sign-in page could not be drawn on the server');
          return null;
        });
        if (drawing) html = withDrawnPage(html, drawing, language);
      }
      if (html) {
        reply
          .code(200)
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-language')
          .type('text/html; charset=utf-8');
        // What no route answers is not compressed by the compression plugin (its hooks are per route): the
        // page (a drawn sign-in page is 17 KB, past a new connection's first round trip) is compressed here.
        const encoding = encodingFor(request.headers['accept-encoding']);
        reply.header('vary', 'accept-language, accept-encoding');
        if (!encoding) return reply.send(html);
        return reply.header('content-encoding', encoding).send(compressedPage(html, encoding));
      }
      return reply
        .code(page ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return reply.code(404).send({
      error: { code: 'route-not-found', message: `No route for ${request.method} ${pathname}` },
    });
  });
}
