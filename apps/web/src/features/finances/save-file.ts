/** Hands a downloaded file to the browser under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: Chromium reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The query of a report: the period, the browser's zone, one event or all, the reader's language. */
export function reportQuery(
  filters: { from: string; to: string; eventId: string | null },
  locale: string,
): string {
  const params = new URLSearchParams({
    from: filters.from,
    to: filters.to,
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    locale: locale === 'fr' ? 'fr' : 'en',
  });
  if (filters.eventId) params.set('eventId', filters.eventId);
  return params.toString();
}
