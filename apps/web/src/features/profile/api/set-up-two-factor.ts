import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/two-factor/setup: a new secret to scan; nothing changes until a first code is entered. */
export function setUpTwoFactor(): Promise<{ secret: string; otpauthUri: string }> {
  return api.post('/auth/two-factor/setup', undefined, { retry: false });
}

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}
