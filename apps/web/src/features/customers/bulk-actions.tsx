import type { CustomerSummary, MemberList } from '@guichet/shared/customers';
import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { LimitedTextInput } from '../../components/limited-text';
import { toastError, toastSuccess } from '../../lib/toasts';
import { useAddMembers } from './api/add-members';
import { useTagCustomers } from './api/tag-customers';
import { downloadBlob, selectedCsv } from './export';
import { useCustomersTranslation as useTranslation } from './i18n';

/** What to do with the customers ticked on the page: tag them, put them on a list, export them. */
export function BulkActions({
  selected,
  lists,
  onDone,
}: {
  selected: CustomerSummary[];
  lists: MemberList[];
  onDone: () => void;
}) {
  const { t, locale } = useTranslation();
  const [tag, setTag] = useState('');
  const [listId, setListId] = useState('');
  const tagging = useTagCustomers();
  const adding = useAddMembers();
  const ids = selected.map((customer) => customer.id);
  const cleanTag = tag.trim();

  const retag = (mode: 'add' | 'remove') =>
    tagging.mutate(
      { customerIds: ids, [mode]: [cleanTag] },
      {
        onSuccess: ({ updated }) => {
          toastSuccess(
            t(mode === 'add' ? 'customers.bulk.tagged' : 'customers.bulk.untagged', {
              count: updated,
              tag: cleanTag,
            }),
          );
          setTag('');
        },
        onError: (error) => toastError(error),
      },
    );
  const addToList = () =>
    adding.mutate(
      { listId, body: { customerIds: ids } },
      {
        onSuccess: ({ added }) => {
          toastSuccess(t('customers.bulk.added', { count: added }));
          onDone();
        },
        onError: (error) => toastError(error),
      },
    );

  return (
    <Paper withBorder p="sm" bg="gray.0" aria-label={t('customers.bulk.label')} component="section">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Text fw={600} aria-live="polite">
          {t('customers.bulk.selected', { count: selected.length })}
        </Text>
        <LimitedTextInput
          label={t('customers.bulk.tag')}
          value={tag}
          limit={40}
          onChange={(event) => setTag(event.currentTarget.value.replace(/[,;]/g, ''))}
          style={{ flex: '0 1 160px' }}
        />
        <Button
          variant="default"
          disabled={!cleanTag}
          loading={tagging.isPending}
          onClick={() => retag('add')}
        >
          {t('customers.bulk.addTag')}
        </Button>
        <Button
          variant="subtle"
          disabled={!cleanTag}
          loading={tagging.isPending}
          onClick={() => retag('remove')}
        >
          {t('customers.bulk.removeTag')}
        </Button>
        {lists.length > 0 && (
          <>
            <NativeSelect
              label={t('customers.bulk.list')}
              value={listId}
              onChange={(event) => setListId(event.currentTarget.value)}
              data={[
                { value: '', label: t('customers.bulk.chooseList') },
                ...lists.map((list) => ({ value: list.id, label: list.name })),
              ]}
              style={{ flex: '0 1 200px' }}
            />
            <Button variant="default" disabled={!listId} loading={adding.isPending} onClick={addToList}>
              {t('customers.bulk.addToList')}
            </Button>
          </>
        )}
        <Button
          variant="default"
          onClick={() => downloadBlob(t('customers.export.file'), selectedCsv(selected, locale, t))}
        >
          {t('customers.bulk.export')}
        </Button>
        <Button variant="subtle" onClick={onDone}>
          {t('customers.bulk.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
