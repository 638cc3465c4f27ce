import { Button } from '@mantine/core';
import { useState } from 'react';
import { currentLocale, useTranslation } from '../../lib/i18n';
import { toastError } from '../../lib/toasts';
import { exportAttendees } from './api/export-attendees';
import { exportCheckins } from './api/export-checkins';
import { downloadBlob, exportFileName } from './export';

const EXPORTS = {
  attendees: exportAttendees,
  checkins: exportCheckins,
} as const;

/**
 * The event's attendees and its check-ins as CSV, beside the orders export: written by the API in the
 * reader's spreadsheet conventions (French: semicolons and decimal commas; dates as date cells).
 */
export function EventExports({ eventId, eventName }: { eventId: string; eventName: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<keyof typeof EXPORTS | null>(null);

  async function download(kind: keyof typeof EXPORTS) {
    setBusy(kind);
    try {
      const blob = await EXPORTS[kind](eventId, currentLocale());
      downloadBlob(exportFileName(t(`orders.export.${kind}File`), eventName, new Date()), blob);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {(['attendees', 'checkins'] as const).map((kind) => (
        <Button
          key={kind}
          variant="default"
          loading={busy === kind}
          disabled={busy !== null && busy !== kind}
          onClick={() => void download(kind)}
        >
          {t(`orders.export.${kind}`)}
        </Button>
      ))}
    </>
  );
}
