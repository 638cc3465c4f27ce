import type { FinanceDocument } from '@guichet/shared/finances';
import { formatMoney } from '@guichet/shared/money';
import { Button, Card, Center, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { toastError } from '../../lib/toasts';
import { downloadDocument } from './api/download-document';
import { useDocuments } from './api/list-documents';
import { saveFile } from './save-file';

/** Every receipt, invoice and credit note of the organisation, newest first, each downloadable. */
export function DocumentsPanel() {
  const { t, locale } = useTranslation();
  const documents = useDocuments();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (document: FinanceDocument) => {
    setBusy(document.id);
    try {
      const blob = await downloadDocument(document.id, locale === 'fr' ? 'fr' : 'en');
      saveFile(blob, `${document.reference}.pdf`);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  };
  if (documents.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('financeReports.loading')} />
      </Center>
    );
  }
  const items = documents.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Text c="dimmed">{t('financeReports.documents.empty')}</Text>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t('financeReports.documents.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('financeReports.documents.reference')}</Table.Th>
              <Table.Th>{t('financeReports.documents.kind')}</Table.Th>
              <Table.Th>{t('financeReports.documents.order')}</Table.Th>
              <Table.Th>{t('financeReports.documents.billedTo')}</Table.Th>
              <Table.Th>{t('financeReports.documents.issuedAt')}</Table.Th>
              <Table.Th ta="right">{t('financeReports.documents.amount')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('financeReports.documents.download')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td>{document.reference}</Table.Td>
                <Table.Td>{t(`financeReports.documents.kinds.${document.kind}`)}</Table.Td>
                <Table.Td>{document.orderCode}</Table.Td>
                <Table.Td>{document.billedTo.name}</Table.Td>
                <Table.Td>{new Date(document.issuedAt).toLocaleDateString(locale)}</Table.Td>
                <Table.Td ta="right">{formatMoney(document.amountMinor, document.currency, locale)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    loading={busy === document.id}
                    onClick={() => void download(document)}
                    aria-label={t('financeReports.documents.downloadOne', { reference: document.reference })}
                  >
                    {t('financeReports.documents.download')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {documents.hasNextPage && (
        <Button
          variant="subtle"
          onClick={() => void documents.fetchNextPage()}
          loading={documents.isFetchingNextPage}
        >
          {t('financeReports.documents.more')}
        </Button>
      )}
    </Stack>
  );
}
