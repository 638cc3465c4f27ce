import { Alert, Button, Text } from '@mantine/core';
import { errorMessage } from '../../lib/i18n/error-message';

/** Something the page needs did not arrive (a phone losing its network, mostly): why, and a way to retry. */
export function LoadFailed({
  title,
  error,
  retryLabel,
  onRetry,
}: {
  title: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Text mb="sm">{errorMessage(error)}</Text>
      <Button variant="light" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
