import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { toastError } from '../../lib/toasts';
import { downloadJournal } from './api/download-journal';

/** Downloads the accountant's journal of the period, in the reader's spreadsheet conventions. */
export function JournalButton({ query, fileName }: { query: string; fileName: string }) {
  const { t, locale } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await downloadJournal(`${query}&locale=${locale === 'fr' ? 'fr' : 'en'}`);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked on the next task: Chromium reads the blob after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" onClick={() => void download()} loading={busy}>
      {t('financesPage.journal')}
    </Button>
  );
}
