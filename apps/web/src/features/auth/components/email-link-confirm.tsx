import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useAction } from '../../../lib/use-action';
import { confirmEmailLink } from '../api/confirm-email-link';
import { emailLinkRequestedFor } from '../api/request-email-link';
import { AuthHeading } from './auth-heading';
import { isValidEmail } from './email-check';

/**
 * `/connection?link=…`: the e-mail the link was sent to must be typed on the device that opens it (filled
 * in when the link was asked for on this device).
 */
export default function EmailLinkConfirm({
  token,
  onSignedIn,
  onChallenge,
  onRestart,
}: {
  token: string;
  onSignedIn(): void;
  onChallenge(challenge: string): void;
  onRestart(): void;
}) {
  const { t } = useTranslation();
  const submit = useAction(confirmEmailLink);
  const [email, setEmail] = useState(emailLinkRequestedFor);
  const [invalid, setInvalid] = useState<string | undefined>();
  const [leaving, setLeaving] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    const problem = !value ? t('form.required') : isValidEmail(value) ? undefined : t('form.invalidEmail');
    setInvalid(problem);
    if (problem) return;
    void submit.mutate(
      { token, email: value },
      {
        onSuccess: () => {
          setLeaving(true);
          onSignedIn();
        },
        onError: (error) => {
          const details = isApiError(error)
            ? (error.details as { challenge?: unknown } | undefined)
            : undefined;
          if (
            isApiError(error) &&
            error.code === 'multi-factor-auth-required' &&
            typeof details?.challenge === 'string'
          ) {
            onChallenge(details.challenge);
          }
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <AuthHeading title={t('signInOptions.confirmHeading')} intro={t('signInOptions.confirmIntro')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError error={submit.error} />
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={invalid}
          />
          <Button type="submit" fullWidth loading={submit.isPending || leaving}>
            {t('signInOptions.confirmSubmit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" onClick={onRestart}>
          {t('signInOptions.startOver')}
        </Anchor>
      </Text>
    </Stack>
  );
}
