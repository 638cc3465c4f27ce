import type { CustomerDetail } from '@guichet/shared/customers';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { toastError, toastInfo } from '../../lib/toasts';
import { exportCustomerRecord } from './api/export-customer-record';
import { EraseForm } from './erase-form';
import { downloadBlob } from './export';
import { useCustomersTranslation as useTranslation } from './i18n';
import { MergeForm } from './merge-form';

/** The customer's record as a whole: export as JSON, merge a duplicate into it, erase the person. */
export function RecordActions({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'merge' | 'erase' | null>(null);
  const [exporting, setExporting] = useState(false);
  const exportJson = async () => {
    setExporting(true);
    try {
      downloadBlob(`customer-${customer.id}.json`, await exportCustomerRecord(customer.id));
      toastInfo(t('customerRecords.exported'));
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Group gap="xs" role="group" aria-label={t('customerRecords.actions')}>
      <Button variant="default" size="xs" loading={exporting} onClick={exportJson}>
        {t('customerRecords.exportJson')}
      </Button>
      <Button variant="default" size="xs" onClick={() => setOpen('merge')}>
        {t('customerRecords.merge.open')}
      </Button>
      <Button variant="light" color="red" size="xs" onClick={() => setOpen('erase')}>
        {t('customerRecords.erase.open')}
      </Button>
      <AppModal
        opened={open === 'merge'}
        onClose={() => setOpen(null)}
        title={t('customerRecords.merge.title')}
        size="lg"
        form
      >
        <MergeForm customerId={customer.id} onDone={() => setOpen(null)} />
      </AppModal>
      <AppModal
        opened={open === 'erase'}
        onClose={() => setOpen(null)}
        title={t('customerRecords.erase.title')}
        form
      >
        <EraseForm customerId={customer.id} email={customer.email} onDone={() => setOpen(null)} />
      </AppModal>
    </Group>
  );
}
