import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '../../components/form-error';
import { toastSuccess } from '../../lib/toasts';
import { useEraseCustomer } from './api/erase-customer';
import { useCustomersTranslation as useTranslation } from './i18n';

/** Erasure, confirmed by typing the person's e-mail (the server checks it again). */
export function EraseForm({
  customerId,
  email,
  onDone,
}: {
  customerId: string;
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const erasing = useEraseCustomer(customerId);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    erasing.mutate(typed.trim(), {
      onSuccess: () => {
        toastSuccess(t('customerRecords.erase.done'));
        onDone();
        void navigate('/customers', { replace: true });
      },
    });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Alert color="red" variant="light">
          {t('customerRecords.erase.warning')}
        </Alert>
        <TextInput
          label={t('customerRecords.erase.confirm', { email })}
          required
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={typed.trim() && !matches ? t('customerRecords.erase.mismatch') : undefined}
        />
        <FormError error={erasing.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('customers.cancel')}
          </Button>
          <Button type="submit" color="red" disabled={!matches} loading={erasing.isPending}>
            {t('customerRecords.erase.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
