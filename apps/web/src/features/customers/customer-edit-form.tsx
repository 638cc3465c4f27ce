import type { CustomerDetail } from '@guichet/shared/customers';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../components/form-actions';
import { LimitedTextarea, LimitedTextInput } from '../../components/limited-text';
import { fieldErrors } from '../../lib/field-errors';
import { toastSuccess } from '../../lib/toasts';
import { useUpdateCustomer } from './api/update-customer';
import { useCustomersTranslation as useTranslation } from './i18n';

/** Tags as typed: separated by commas, trimmed, no empties or duplicates. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** Name, phone, language, tags and the standing note; the e-mail is the person's key and stays. */
export function CustomerEditForm({ customer, onDone }: { customer: CustomerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCustomer(customer.id);
  const [name, setName] = useState(customer.name);
  const [phone, setPhone] = useState(customer.phone ?? '');
  const [language, setLanguage] = useState(customer.language ?? '');
  const [tags, setTags] = useState(customer.tags.join(', '));
  const [notes, setNotes] = useState(customer.notes ?? '');
  const errors = fieldErrors(update.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        name: name.trim(),
        phone: phone.trim() || null,
        language: language === 'en' || language === 'fr' ? language : null,
        tags: parseTags(tags),
        notes: notes.trim() || null,
      },
      {
        onSuccess: () => {
          toastSuccess(t('customers.edit.saved'));
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LimitedTextInput
            label={t('customers.edit.name')}
            required
            value={name}
            limit={200}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label={t('customers.edit.email')}
            value={customer.email}
            readOnly
            description={t('customers.edit.emailFixed')}
          />
          <LimitedTextInput
            label={t('customers.edit.phone')}
            type="tel"
            value={phone}
            limit={40}
            error={errors.phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('customers.edit.language')}
            value={language}
            onChange={(event) => setLanguage(event.currentTarget.value)}
            data={[
              { value: '', label: t('customers.edit.languageUnknown') },
              { value: 'en', label: 'English' },
              { value: 'fr', label: 'Français' },
            ]}
          />
        </SimpleGrid>
        <TextInput
          label={t('customers.edit.tags')}
          description={t('customers.edit.tagsHelp')}
          value={tags}
          error={errors.tags}
          onChange={(event) => setTags(event.currentTarget.value.replace(/;/g, ','))}
        />
        <LimitedTextarea
          label={t('customers.edit.notes')}
          autosize
          minRows={2}
          limit={5000}
          value={notes}
          error={errors.notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        <FormActions
          failure={Object.keys(errors).length ? null : update.error}
          pending={update.isPending}
          submitLabel={t('customers.edit.save')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
