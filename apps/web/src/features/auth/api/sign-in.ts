import type { AuthSession, SignInBody } from '@guichet/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/session/actions';

export function signIn(body: SignInBody): Promise<AuthSession> {
  return api.post<AuthSession>('/auth/sign-in', body, { auth: false });
}

export function useSignIn() {
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      const session = await signIn(body);
      await startSession(session);
      return session;
    },
  });
}
