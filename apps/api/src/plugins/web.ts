import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppPage } from '@guichet/shared/app-pages';
import type { FastifyInstance } from 'fastify';
import { languageOf, type PagePreloads } from './page-preloads';
import { type PagePrerender, withDrawnPage } from './page-prerender';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
        return reply
          .code(200)
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-language')
          .type('text/html; charset=utf-8')
          .send(html);
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
