import type { Locale } from '@guichet/shared/i18n';
import { updateProfile } from '../../features/profile/api/update-profile';
import { changeLocale, currentLocale, useTranslation } from '../../lib/i18n';
import { reloadProfile } from '../../lib/session/actions';
import { sessionStore } from '../../lib/session/store';
import { toastError } from '../../lib/toasts';

/** Switches the language on this device and, when signed in, saves it to the profile. */
export function useChangeLanguage() {
  const { locale } = useTranslation();
  async function change(next: Locale): Promise<void> {
    if (next === currentLocale()) return;
    await changeLocale(next);
    if (sessionStore.getState().user === null || sessionStore.getState().token === null) return;
    try {
      await updateProfile({ locale: next });
      await reloadProfile();
    } catch (error) {
      toastError(error);
    }
  }
  return { locale, change };
}
