import { Button } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { useCustomersTranslation as useTranslation } from './i18n';
import { ImportDialog } from './import-dialog';

/** Opens the CSV import: of customers, or of members of one list when `listId` is given. */
export function ImportButton({ listId }: { listId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t('customerRecords.import.open')}
      </Button>
      <AppModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t(listId ? 'customerRecords.import.titleList' : 'customerRecords.import.title')}
        size="xl"
      >
        <ImportDialog {...(listId ? { listId } : {})} onDone={() => setOpen(false)} />
      </AppModal>
    </>
  );
}
