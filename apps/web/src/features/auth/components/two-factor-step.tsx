import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { useTranslation } from '../../../lib/i18n';
import { useAction } from '../../../lib/use-action';
import { verifyTwoFactor } from '../api/verify-two-factor';
import { AuthHeading } from './auth-heading';

/** The second step of a sign-in for an account with two-factor on: a code of the app, or a recovery code. */
export default function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn(): void;
  onRestart(): void;
}) {
  const { t } = useTranslation();
  const submit = useAction(verifyTwoFactor);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [leaving, setLeaving] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    setInvalid(value ? undefined : t('form.required'));
    if (!value) return;
    void submit.mutate(
      { challenge, code: value },
      {
        onSuccess: () => {
          setLeaving(true);
          onSignedIn();
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <AuthHeading title={t('signInOptions.twoFactorHeading')} intro={t('signInOptions.twoFactorIntro')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError error={submit.error} />
          <TextInput
            label={t('signInOptions.code')}
            autoComplete="one-time-code"
            autoFocus
            required
            maxLength={64}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={invalid}
          />
          <Button type="submit" fullWidth loading={submit.isPending || leaving}>
            {t('signInOptions.verify')}
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
