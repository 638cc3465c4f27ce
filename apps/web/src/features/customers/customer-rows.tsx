import type { CustomerSummary } from '@guichet/shared/customers';
import { Anchor, Badge, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { ConsentBadge } from './consent-badge';
import { formatDay, formatSpend } from './format';

interface RowsProps {
  customers: CustomerSummary[];
  selected: ReadonlySet<string>;
  onToggle: (customerId: string) => void;
  onToggleAll: (select: boolean) => void;
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} size="sm" variant="outline" color="gray.8">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/** The customer's name as the link to their page: one named control per row for keyboards. */
function NameLink({ customer }: { customer: CustomerSummary }) {
  return (
    <Anchor component={Link} to={`/customers/${customer.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {customer.name}
    </Anchor>
  );
}

/** Desktop: one row per customer, with a box to select it. */
export function CustomerTable({ customers, selected, onToggle, onToggleAll }: RowsProps) {
  const { t, locale } = useTranslation();
  const all = customers.length > 0 && customers.every((customer) => selected.has(customer.id));
  const some = customers.some((customer) => selected.has(customer.id));
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('customers.selectAll')}
                checked={all}
                indeterminate={some && !all}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('customers.columns.customer')}</Table.Th>
            <Table.Th>{t('customers.columns.tags')}</Table.Th>
            <Table.Th>{t('customers.columns.orders')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('customers.columns.spend')}</Table.Th>
            <Table.Th>{t('customers.columns.attended')}</Table.Th>
            <Table.Th>{t('customers.columns.consent')}</Table.Th>
            <Table.Th>{t('customers.columns.lastSeen')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => (
            <Table.Tr key={customer.id}>
              <Table.Td>
                <Checkbox
                  aria-label={t('customers.select', { name: customer.name })}
                  checked={selected.has(customer.id)}
                  onChange={() => onToggle(customer.id)}
                />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <NameLink customer={customer} />
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {customer.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Tags tags={customer.tags} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t('customers.ordersTickets', {
                    orders: customer.totals.orderCount,
                    tickets: customer.totals.ticketCount,
                  })}
                </Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatSpend(customer.totals.spend, locale)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{customer.totals.eventsAttended}</Text>
              </Table.Td>
              <Table.Td>
                <ConsentBadge consent={customer.consent} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(customer.lastSeenAt, locale)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per customer. */
export function CustomerCards({ customers, selected, onToggle }: RowsProps) {
  const { t, locale } = useTranslation();
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {customers.map((customer) => (
        <Card component="li" key={customer.id} withBorder padding="md">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Checkbox
                  aria-label={t('customers.select', { name: customer.name })}
                  checked={selected.has(customer.id)}
                  onChange={() => onToggle(customer.id)}
                  mt={4}
                />
                <Stack gap={0}>
                  <NameLink customer={customer} />
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {customer.email}
                  </Text>
                </Stack>
              </Group>
              <ConsentBadge consent={customer.consent} />
            </Group>
            <Tags tags={customer.tags} />
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {t('customers.ordersTickets', {
                  orders: customer.totals.orderCount,
                  tickets: customer.totals.ticketCount,
                })}{' '}
                · {formatSpend(customer.totals.spend, locale)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('customers.lastSeenOn', { date: formatDay(customer.lastSeenAt, locale) })}
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
