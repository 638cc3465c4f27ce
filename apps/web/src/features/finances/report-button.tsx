import { Button } from '@mantine/core';
import { useState } from 'react';
import { toastError } from '../../lib/toasts';
import { downloadReport, type ReportFile } from './api/download-report';
import { saveFile } from './save-file';

/** Downloads one of the accountant's CSV reports for the period shown. */
export function ReportButton({
  file,
  query,
  fileName,
  label,
}: {
  file: ReportFile;
  query: string;
  fileName: string;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await downloadReport(file, query), fileName);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" onClick={() => void download()} loading={busy}>
      {label}
    </Button>
  );
}
