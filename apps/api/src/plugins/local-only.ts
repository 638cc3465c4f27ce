import type { FastifyReply, FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds: a request carrying one came through a proxy, whatever its address. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

/** Whether the request comes from this machine itself (a loopback address), not through a proxy. */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  // The socket's address, never `request.ip`, which a trusted proxy's headers decide.
  const address = request.raw.socket.remoteAddress ?? '';
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  return loopback && PROXY_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * For development helpers (the mailbox): anything but a direct request from this machine is answered as if
 * the route did not exist, so a deployed server behind a proxy never shows them to anyone.
 */
export async function localRequestsOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!isDirectLocalRequest(request)) return reply.callNotFound();
}
