import { notifications } from '@mantine/notifications';
import { errorMessage } from './i18n/error-message';

/** Spec §9: toasts close after 5 000 ms, at most 20 at once, top-right. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 20;
export const TOAST_POSITION = 'top-right' as const;

export function toastSuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: 'green' });
}

export function toastInfo(message: string, title?: string): void {
  notifications.show({ message, title, color: 'blue' });
}

export function toastError(error: unknown, title?: string): void {
  notifications.show({ message: errorMessage(error), title, color: 'red' });
}
