import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../../lib/i18n/error-message';
import { requestMemberCode } from './api/request-member-code';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Members-only tickets in the cart: the buyer asks for a code for the address above, then types the code
 * the e-mail brings. The page says the same whether or not the address is listed (so does the server).
 */
export default function MemberCodeField({
  slugs,
  email,
  code,
  onCode,
  error,
}: {
  slugs: { orgSlug: string; eventSlug: string };
  email: string;
  code: string;
  onCode: (code: string) => void;
  error: string | undefined;
}) {
  const { t, locale } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [minutes, setMinutes] = useState(15);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const address = email.trim();

  async function send() {
    setProblem(null);
    if (!EMAIL.test(address)) {
      setProblem(t('buyer.checkout.emailInvalid'));
      return;
    }
    setSending(true);
    try {
      const answer = await requestMemberCode(slugs.orgSlug, slugs.eventSlug, { email: address, locale });
      setMinutes(answer.expiresInMinutes);
      setSentTo(address);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <fieldset className="buyer-fieldset">
      <legend>{t('buyer.members.heading')}</legend>
      <Text size="sm" c="dimmed" mb="xs">
        {t('buyer.members.intro')}
      </Text>
      <Group gap="sm" align="center" mb="xs">
        <Button variant="light" onClick={send} loading={sending}>
          {sentTo ? t('buyer.members.resend') : t('buyer.members.send')}
        </Button>
      </Group>
      <div role="status">
        {sentTo && (
          <Text size="sm" mb="xs">
            {t('buyer.members.sent', { email: sentTo, minutes })}
          </Text>
        )}
        {problem && (
          <Text size="sm" c="red.8" mb="xs">
            {problem}
          </Text>
        )}
      </div>
      <TextInput
        id="checkout-memberCode"
        label={t('buyer.members.code')}
        description={t('buyer.members.codeHint')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={12}
        required
        value={code}
        onChange={(change) => onCode(change.currentTarget.value)}
        error={error}
        size="md"
      />
    </fieldset>
  );
}
