import type { TFunction, TranslationKey } from '../../../lib/i18n';
import { toastInfo, toastSuccess } from '../../../lib/toasts';

/** The labels of changed fields, in the order the server gave them. */
export function changedLabels(t: TFunction, changed: readonly string[]): string {
  return changed.map((field) => t(`settings.fields.${field}` as TranslationKey)).join(', ');
}

/** Tells what a save changed (or that nothing did), as a toast. */
export function announceChanges(t: TFunction, changed: readonly string[]): void {
  if (changed.length === 0) toastInfo(t('settings.nothingChanged'));
  else toastSuccess(t('settings.saved', { fields: changedLabels(t, changed) }));
}
