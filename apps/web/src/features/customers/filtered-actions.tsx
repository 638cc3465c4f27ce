import type { MemberList } from '@guichet/shared/customers';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { toastError, toastSuccess } from '../../lib/toasts';
import { useAddMembers } from './api/add-members';
import { exportCustomers } from './api/export-customers';
import { downloadBlob } from './export';
import { type CustomerListFilters, customersQuery } from './filters';
import { useCustomersTranslation as useTranslation } from './i18n';
import { ImportButton } from './import-button';

/** What applies to every customer the filters select: the server's CSV export, and joining a list. */
export function FilteredActions({ filters, lists }: { filters: CustomerListFilters; lists: MemberList[] }) {
  const { t, locale } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [listId, setListId] = useState('');
  const adding = useAddMembers();

  const download = async () => {
    setExporting(true);
    try {
      downloadBlob(t('customers.export.file'), await exportCustomers(filters, locale));
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(false);
    }
  };
  const addAll = () => {
    const { sort: _sort, direction: _direction, ...filter } = Object.fromEntries(customersQuery(filters));
    adding.mutate(
      { listId, body: { filter } },
      {
        onSuccess: ({ added }) => {
          toastSuccess(t('customers.bulk.added', { count: added }));
          setChoosing(false);
        },
        onError: (error) => toastError(error),
      },
    );
  };

  return (
    <Group gap="sm">
      <Button variant="default" loading={exporting} onClick={() => void download()}>
        {t('customers.export.button')}
      </Button>
      <ImportButton />
      {lists.length > 0 && (
        <Button variant="default" onClick={() => setChoosing(true)}>
          {t('customers.addFiltered.button')}
        </Button>
      )}
      <AppModal opened={choosing} onClose={() => setChoosing(false)} title={t('customers.addFiltered.title')}>
        <Stack gap="md">
          <Text size="sm">{t('customers.addFiltered.body')}</Text>
          <NativeSelect
            label={t('customers.bulk.list')}
            value={listId}
            onChange={(event) => setListId(event.currentTarget.value)}
            data={[
              { value: '', label: t('customers.bulk.chooseList') },
              ...lists.map((list) => ({ value: list.id, label: list.name })),
            ]}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChoosing(false)}>
              {t('customers.cancel')}
            </Button>
            <Button disabled={!listId} loading={adding.isPending} onClick={addAll}>
              {t('customers.addFiltered.confirm')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Group>
  );
}
