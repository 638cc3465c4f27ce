import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import type { IssuedSession } from './sessions';

/** The refresh token travels in an HTTP-only cookie sent to the auth routes only. */
export const REFRESH_COOKIE = 'guichet_refresh';
const COOKIE_PATH = '/api/auth';

export function setRefreshCookie(ctx: AppContext, reply: FastifyReply, issued: IssuedSession) {
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    expires: issued.refreshExpiresAt,
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' });
}
