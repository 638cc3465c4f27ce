import { ORG_SCOPE } from '../../../lib/query-client';

/** Query keys of mailings; under the organisation scope, so switching organisation drops them. */
export const mailingKeys = {
  all: [ORG_SCOPE, 'mailings'] as const,
  list: [ORG_SCOPE, 'mailings', 'list'] as const,
  detail: (mailingId: string) => [ORG_SCOPE, 'mailings', 'detail', mailingId] as const,
  preview: (mailingId: string) => [ORG_SCOPE, 'mailings', 'detail', mailingId, 'preview'] as const,
  recipients: (mailingId: string, status: string) =>
    [ORG_SCOPE, 'mailings', 'detail', mailingId, 'recipients', status] as const,
};
