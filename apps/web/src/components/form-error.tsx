import { Alert } from '@mantine/core';
import { errorMessage } from '../lib/i18n/error-message';

/** The message of a failed submission, announced to screen readers. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
