import type { InvitationPreview } from '@guichet/shared/teams';
import { publicApi as api } from '../../../lib/public-api';

/**
 * GET /invitations/:token from the sign-in pages' start-up (no session, no query cache): the e-mail an
 * invitation was sent to, which registration fills in and fixes. Null when the invitation cannot be read.
 */
export async function getInvitedEmail(token: string): Promise<string | null> {
  try {
    return (await api.get<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`, { auth: false }))
      .email;
  } catch {
    // An expired or unknown invitation: registration works as usual, the accept page explains the rest.
    return null;
  }
}
