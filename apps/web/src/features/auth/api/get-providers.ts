import type { SignInProvider } from '@guichet/shared/sign-in-options';
import { publicApi as api } from '../../../lib/public-api';

/** GET /auth/providers: the OpenID Connect providers offered on the sign-in page. */
export async function getProviders(): Promise<SignInProvider[]> {
  return (await api.get<{ items: SignInProvider[] }>('/auth/providers', { auth: false })).items;
}
