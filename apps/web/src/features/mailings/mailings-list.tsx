import { Anchor, Button, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error';
import { useMailings } from './api/list-mailings';
import { useMailingsTranslation as useTranslation } from './i18n';
import { MailingProgress, MailingStatusBadge } from './mailing-status';

/** `/customers/mailings`: every mailing with its status and progress, newest first, in cursor pages. */
export function MailingsList() {
  const { t, locale } = useTranslation();
  const mailings = useMailings();
  if (mailings.isPending) return <Skeleton height={160} />;
  if (!mailings.data) return <FormError error={mailings.error} />;
  const items = mailings.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Text>{t('mailings.empty')}</Text>
      </Paper>
    );
  }
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mailings.columns.subject')}</Table.Th>
              <Table.Th>{t('mailings.columns.kind')}</Table.Th>
              <Table.Th>{t('mailings.columns.status')}</Table.Th>
              <Table.Th w={200}>{t('mailings.columns.progress')}</Table.Th>
              <Table.Th>{t('mailings.columns.created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((mailing) => (
              <Table.Tr key={mailing.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/customers/mailings/${mailing.id}`}>
                    {mailing.subject}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`mailings.kind.${mailing.kind}`)}</Table.Td>
                <Table.Td>
                  <MailingStatusBadge status={mailing.status} />
                </Table.Td>
                <Table.Td>{mailing.status === 'draft' ? '' : <MailingProgress mailing={mailing} />}</Table.Td>
                <Table.Td>{date.format(new Date(mailing.createdAt))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {mailings.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void mailings.fetchNextPage()}
          loading={mailings.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('mailings.more')}
        </Button>
      )}
    </Stack>
  );
}
