import type { PasswordRule } from '@guichet/shared/password-policy';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { LimitedTextInput } from '../../../components/limited-text';
import { getInvitedEmail } from '../../../features/auth/api/invited-email';
import { signUp } from '../../../features/auth/api/sign-up';
import { AuthHeading } from '../../../features/auth/components/auth-heading';
import { isValidEmail } from '../../../features/auth/components/email-check';
import { NewPasswordInput } from '../../../features/auth/components/new-password-input';
import { handlePolicyFailure } from '../../../features/auth/components/policy-failure';
import { rememberAfterSignUp } from '../../../lib/after-sign-up';
import { fieldErrors } from '../../../lib/field-errors';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { invitationTokenOf } from '../../../lib/invitation-token';
import { useAction } from '../../../lib/use-action';
import { PublicLink } from '../../public/public-link';

/**
 * `/regs8df0s9dfsd`: registration. Once signed up, a full load leads on to creating an organisation. Reached
 * from an invitation (its link as `next`), the e-mail is the invited one, filled in and fixed: the
 * invitation can only be accepted with that address.
 */
// Said only to invitees: kept in this page's chunk rather than in the sign-in pages' catalogue (a budget).
const INVITED_EMAIL = {
  en: 'The address your invitation was sent to: the invitation is accepted with it.',
  fr: 'L’adresse à laquelle votre invitation a été envoyée : l’invitation s’accepte avec elle.',
} as const;

export default function RegistrationPage() {
  const { t, locale } = useTranslation();
  const submit = useAction(signUp);
  const [invitedEmail, setInvitedEmail] = useState<string | null>(null);
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  useEffect(() => {
    // Where the visitor was going (an invitation, say) waits for the new account's first organisation.
    rememberAfterSignUp(window.location.search);
    const token = invitationTokenOf(window.location.search);
    if (!token) return;
    let current = true;
    void getInvitedEmail(token).then((invited) => {
      if (!current || !invited) return;
      setInvitedEmail(invited);
      setEmail(invited);
    });
    return () => {
      current = false;
    };
  }, []);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ displayName?: string; email?: string; password?: string }>({});
  const [failedRules, setFailedRules] = useState<PasswordRule[] | null>(null);
  const [leaving, setLeaving] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!displayName.trim()) next.displayName = t('form.required');
    if (!email.trim()) next.email = t('form.required');
    else if (!isValidEmail(email)) next.email = t('form.invalidEmail');
    if (!password) next.password = t('form.required');
    setErrors(next);
    setFailedRules(null);
    if (Object.keys(next).length > 0) return;
    void submit.mutate(
      { displayName: displayName.trim(), email: email.trim(), password, locale: currentLocale() },
      {
        onSuccess: () => {
          setLeaving(true);
          window.location.assign('/create-organization');
        },
        onError: (error) => {
          setFailedRules(handlePolicyFailure(error));
          setErrors(fieldErrors(error));
        },
      },
    );
  }

  const showGeneralError = Boolean(submit.error) && !failedRules;

  return (
    <Stack gap="lg">
      <AuthHeading title={t('registration.heading')} intro={t('registration.intro')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {showGeneralError && <FormError error={submit.error} />}
          <LimitedTextInput
            label={t('form.displayName')}
            autoComplete="name"
            required
            limit={120}
            value={displayName}
            onChange={(event) => setDisplayName(event.currentTarget.value)}
            error={errors.displayName}
          />
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            readOnly={invitedEmail !== null}
            description={invitedEmail ? INVITED_EMAIL[locale === 'fr' ? 'fr' : 'en'] : undefined}
            onChange={(event) => {
              if (!invitedEmail) setEmail(event.currentTarget.value);
            }}
            error={errors.email}
          />
          <NewPasswordInput
            label={t('form.password')}
            value={password}
            onChange={setPassword}
            serverFailedRules={failedRules}
            error={errors.password}
          />
          <Text size="xs" c="dimmed">
            {t('registration.agreement')}{' '}
            <PublicLink href="/term-of-services" size="xs" underline="always">
              {t('registration.terms')}
            </PublicLink>
            .
          </Text>
          <Button type="submit" fullWidth loading={submit.isPending || leaving}>
            {t('registration.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('registration.haveAccount')} <PublicLink href="/connection">{t('registration.signIn')}</PublicLink>
      </Text>
    </Stack>
  );
}
