import type { MemberCodeRequested, RequestMemberCodeBody } from '@guichet/shared/member-gate';
import { publicApi } from '../../../lib/public-api';

/**
 * `POST /public/events/{organisation}/{event}/member-codes`: asks for the one-time code of members-only
 * tickets. The answer is the same whether or not the address is on a list; the code comes by e-mail.
 */
export function requestMemberCode(
  orgSlug: string,
  eventSlug: string,
  body: RequestMemberCodeBody,
): Promise<MemberCodeRequested> {
  const path = `/public/events/${encodeURIComponent(orgSlug)}/${encodeURIComponent(eventSlug)}/member-codes`;
  return publicApi.post<MemberCodeRequested>(path, body, { retry: false });
}
