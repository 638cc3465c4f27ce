import { JOURNAL_ACCOUNTS, type JournalAccount } from '@guichet/shared/payouts';
import { Button, Card, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useAccountCodes } from './api/get-account-codes';
import { useSaveAccountCodes } from './api/save-account-codes';

const CODE = /^[0-9A-Za-z._-]{1,20}$/;

/** The journal's account codes, each with its default as placeholder; an empty field takes the default. */
export function AccountCodesCard() {
  const { t } = useTranslation();
  const current = useAccountCodes();
  const save = useSaveAccountCodes();
  const [edited, setEdited] = useState<Partial<Record<JournalAccount, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  if (!current.data) return null;
  const { codes, defaults } = current.data;
  const codeShown = (account: JournalAccount) =>
    edited[account] ?? (codes[account] === defaults[account] ? '' : codes[account]);
  const invalid = JOURNAL_ACCOUNTS.filter(
    (account) => codeShown(account) !== '' && !CODE.test(codeShown(account)),
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (invalid.length > 0) return;
    const body: Partial<Record<JournalAccount, string>> = {};
    for (const account of JOURNAL_ACCOUNTS) if (codeShown(account)) body[account] = codeShown(account);
    try {
      await save.mutateAsync({ codes: body });
      setEdited({});
      toastSuccess(t('payoutsPage.accountCodes.done'));
    } catch (error) {
      setFailure(error);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-codes-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="account-codes-title">
            {t('payoutsPage.accountCodes.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('payoutsPage.accountCodes.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {JOURNAL_ACCOUNTS.map((account) => (
              <TextInput
                key={account}
                label={t(`payoutsPage.accountCodes.accounts.${account}`)}
                placeholder={defaults[account]}
                value={codeShown(account)}
                onChange={(change) => {
                  const value = change.currentTarget.value;
                  setEdited((before) => ({ ...before, [account]: value }));
                }}
                error={invalid.includes(account) ? t('payoutsPage.accountCodes.invalid') : undefined}
              />
            ))}
          </SimpleGrid>
          <FormError error={failure} />
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'start' }}>
            {t('payoutsPage.accountCodes.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
