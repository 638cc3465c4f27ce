import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useClosePeriod } from './api/close-period';
import { useClosing } from './api/get-closing';

/** The last closed day, and closing up to a later one (final: asks to confirm). */
export function ClosingCard() {
  const { t, locale } = useTranslation();
  const closing = useClosing();
  const close = useClosePeriod();
  const [through, setThrough] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (!through) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    try {
      await close.mutateAsync({ through, tz });
      toastSuccess(t('payoutsPage.closing.done'));
      setConfirming(false);
      setThrough('');
    } catch (error) {
      setFailure(error);
      setConfirming(false);
    }
  }

  const closedThrough = closing.data?.closedThrough;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="closing-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="closing-title">
          {t('payoutsPage.closing.title')}
        </Title>
        <Text>
          {closedThrough
            ? t('payoutsPage.closing.closedThrough', {
                date: new Date(`${closedThrough}T12:00:00`).toLocaleDateString(locale, { dateStyle: 'long' }),
              })
            : t('payoutsPage.closing.none')}
        </Text>
        <form onSubmit={(event) => void submit(event)}>
          <Group align="end" gap="sm">
            <TextInput
              type="date"
              label={t('payoutsPage.closing.through')}
              value={through}
              onChange={(event) => {
                setThrough(event.currentTarget.value);
                setConfirming(false);
              }}
            />
            <Button
              type="submit"
              color={confirming ? 'red' : undefined}
              loading={close.isPending}
              disabled={!through}
            >
              {t('payoutsPage.closing.submit')}
            </Button>
          </Group>
        </form>
        {confirming && (
          <Text c="red.9" size="sm" role="status">
            {t('payoutsPage.closing.confirm')}
          </Text>
        )}
        <FormError error={failure} />
      </Stack>
    </Card>
  );
}
