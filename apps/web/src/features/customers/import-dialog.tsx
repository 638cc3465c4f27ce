import { CsvReader, sniffEncoding } from '@guichet/shared/csv-reader';
import type { ImportField } from '@guichet/shared/customer-records';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormError } from '../../components/form-error';
import { LimitedTextInput } from '../../components/limited-text';
import { useImport } from './api/get-import';
import { customerKeys } from './api/keys';
import { useStartImport } from './api/start-import';
import { useCustomersTranslation as useTranslation } from './i18n';

const PREVIEW_ROWS = 6;
// The fields as the server's import takes them (listed here so the page does not load the schemas).
const IMPORT_FIELDS: readonly ImportField[] = ['email', 'name', 'phone', 'language', 'tags', 'consent'];

/** The first rows of a file, read in the browser (64 KB at most) with the server's reader and encoding guess. */
async function previewOf(file: File): Promise<string[][]> {
  const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  let utf8 = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    utf8 = false;
  }
  const text = new TextDecoder(sniffEncoding(head, utf8)).decode(head);
  const reader = new CsvReader();
  const rows = reader.push(text);
  // The whole file fits in the head: its last line has no line break after it.
  if (file.size <= head.length) rows.push(...reader.end());
  return rows.slice(0, PREVIEW_ROWS);
}

/** Guesses a field's column from the header's words (English or French). */
function guessColumn(header: string[], field: ImportField): number | undefined {
  const words: Record<ImportField, RegExp> = {
    email: /e-?mail|courriel/i,
    name: /^(full ?)?name$|^nom/i,
    phone: /phone|t[ée]l[ée]phone|mobile/i,
    language: /lang/i,
    tags: /tag|[ée]tiquette/i,
    consent: /consent|newsletter|opt/i,
  };
  const index = header.findIndex((cell) => words[field].test(cell.trim()));
  return index === -1 ? undefined : index;
}

/**
 * Import customers (or members of one list) from a CSV file: choose the file, map its columns, see the
 * first rows, run a dry run that lists each bad row and why, then import with a progress bar. The job
 * runs on the server, so closing this dialog loses nothing.
 */
export function ImportDialog({ listId, onDone }: { listId?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string[][]>([]);
  const [header, setHeader] = useState(true);
  const [columns, setColumns] = useState<Partial<Record<ImportField, number>>>({});
  const [consentSource, setConsentSource] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const starting = useStartImport();
  const job = useImport(jobId);
  const state = job.data;

  useEffect(() => {
    if (!file) return;
    let live = true;
    void previewOf(file).then((rows) => {
      if (!live) return;
      setPreview(rows);
      const first = rows[0] ?? [];
      setColumns(Object.fromEntries(IMPORT_FIELDS.map((field) => [field, guessColumn(first, field)])));
    });
    return () => {
      live = false;
    };
  }, [file]);

  useEffect(() => {
    if (state?.status === 'done' && !state.dryRun)
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
  }, [state?.status, state?.dryRun, queryClient]);

  const width = Math.max(0, ...preview.map((row) => row.length));
  const options = [
    { value: '', label: t('customerRecords.import.none') },
    ...Array.from({ length: width }, (_, index) => ({
      value: String(index),
      label:
        header && preview[0]?.[index]
          ? preview[0][index]
          : t('customerRecords.import.column', { n: index + 1 }),
    })),
  ];
  const needsSource = columns.consent !== undefined && consentSource.trim().length < 3;
  const ready = file !== null && columns.email !== undefined && !needsSource;
  const running = starting.isPending || state?.status === 'running';

  const start = (dryRun: boolean) => {
    if (!file || !ready) return;
    setJobId(null);
    starting.mutate(
      {
        file,
        columns,
        header,
        dryRun,
        ...(columns.consent !== undefined ? { consentSource: consentSource.trim() } : {}),
        ...(listId ? { listId } : {}),
      },
      { onSuccess: (started) => setJobId(started.id) },
    );
  };
  const percent =
    state && state.sizeBytes > 0 ? Math.round((100 * state.processedBytes) / state.sizeBytes) : 0;

  return (
    <Stack gap="md">
      <FileInput
        label={t('customerRecords.import.file')}
        description={t('customerRecords.import.fileHelp')}
        accept=".csv,text/csv,text/plain"
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          setJobId(null);
        }}
        clearable
        clearButtonProps={{ 'aria-label': t('customerRecords.import.clear') }}
      />
      {preview.length > 0 && (
        <>
          <Checkbox
            label={t('customerRecords.import.header')}
            checked={header}
            onChange={(event) => setHeader(event.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {IMPORT_FIELDS.map((field) => (
              <NativeSelect
                key={field}
                label={t(`customerRecords.import.fields.${field}`)}
                required={field === 'email'}
                data={options}
                value={columns[field] === undefined ? '' : String(columns[field])}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setColumns((current) => ({
                    ...current,
                    [field]: value === '' ? undefined : Number(value),
                  }));
                }}
              />
            ))}
          </SimpleGrid>
          {columns.consent !== undefined && (
            <LimitedTextInput
              label={t('customerRecords.import.consentSource')}
              description={t('customerRecords.import.consentSourceHelp')}
              required
              limit={500}
              value={consentSource}
              onChange={(event) => setConsentSource(event.currentTarget.value)}
            />
          )}
          <ScrollArea type="auto">
            <Table striped withTableBorder fz="xs" aria-label={t('customerRecords.import.preview')}>
              <Table.Tbody>
                {preview.map((row, rowIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their place.
                  <Table.Tr key={rowIndex} fw={header && rowIndex === 0 ? 700 : undefined}>
                    {row.map((cell, cellIndex) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column.
                      <Table.Td key={cellIndex}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </>
      )}
      <FormError error={starting.error ?? job.error} />
      {state && (
        <Stack gap="xs" aria-live="polite">
          <Progress
            value={state.status === 'running' ? percent : 100}
            aria-label={t('customerRecords.import.progress')}
          />
          <Text size="sm">
            {t(state.dryRun ? 'customerRecords.import.dryResult' : 'customerRecords.import.result', {
              rows: state.rows,
              created: state.created,
              updated: state.updated,
              rejected: state.rejected,
            })}
          </Text>
          {state.status === 'failed' && (
            <Alert color="red" variant="light">
              {t(
                state.failureReason === 'interrupted'
                  ? 'customerRecords.import.interrupted'
                  : 'customerRecords.import.failed',
              )}
            </Alert>
          )}
          {state.errors.length > 0 && (
            <ScrollArea.Autosize mah={220} type="auto">
              <Table withTableBorder fz="xs" aria-label={t('customerRecords.import.errors')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('customerRecords.import.row')}</Table.Th>
                    <Table.Th>{t('customerRecords.import.field')}</Table.Th>
                    <Table.Th>{t('customerRecords.import.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {state.errors.map((error) => (
                    <Table.Tr key={error.row}>
                      <Table.Td>{error.row}</Table.Td>
                      <Table.Td>
                        {error.field ? t(`customerRecords.import.fields.${error.field}`) : '—'}
                      </Table.Td>
                      <Table.Td>{t(`customerRecords.import.reasons.${error.reason}`)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('customerRecords.import.close')}
        </Button>
        <Button variant="default" disabled={!ready || running} onClick={() => start(true)}>
          {t('customerRecords.import.dryRun')}
        </Button>
        <Button disabled={!ready || running} loading={running} onClick={() => start(false)}>
          {t('customerRecords.import.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
