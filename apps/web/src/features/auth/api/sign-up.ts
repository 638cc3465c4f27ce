import type { AuthSession, SignUpBody } from '@guichet/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/session/actions';

export function signUp(body: SignUpBody): Promise<AuthSession> {
  return api.post<AuthSession>('/auth/sign-up', body, { auth: false });
}

export function useSignUp() {
  return useMutation({
    mutationFn: async (body: SignUpBody) => {
      const session = await signUp(body);
      await startSession(session);
      return session;
    },
  });
}
