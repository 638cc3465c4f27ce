import type { CustomerDetail } from '@guichet/shared/customers';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../components/app-modal';
import { ConsentBadge } from './consent-badge';
import { ConsentForm } from './consent-form';
import { CustomerEditForm } from './customer-edit-form';
import { CustomerMerges } from './customer-merges';
import { NoteForm } from './customer-notes';
import { CustomerTimeline } from './customer-timeline';
import { formatDay, formatSpend } from './format';
import { useCustomersTranslation as useTranslation } from './i18n';
import { RecordActions } from './record-actions';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/** One customer: who they are, their totals, lists and consent, edits, notes and the timeline. */
export function CustomerDetailView({ customer }: { customer: CustomerDetail }) {
  const { t, locale } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [consenting, setConsenting] = useState(false);
  const { totals } = customer;
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="customer-about">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={2} size="h3" id="customer-about">
                {t('customers.detail.about')}
              </Title>
              <Text style={{ overflowWrap: 'anywhere' }}>{customer.email}</Text>
              {customer.phone && <Text size="sm">{customer.phone}</Text>}
              <Group gap={4}>
                {customer.tags.map((tag) => (
                  <Badge key={tag} variant="outline" color="gray.8">
                    {tag}
                  </Badge>
                ))}
              </Group>
              {customer.notes && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {customer.notes}
                </Text>
              )}
            </Stack>
            <Button variant="default" onClick={() => setEditing(true)}>
              {t('customers.edit.open')}
            </Button>
          </Group>
          <RecordActions customer={customer} />
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
            <Figure label={t('customers.columns.orders')} value={totals.orderCount} />
            <Figure label={t('customers.columns.tickets')} value={totals.ticketCount} />
            <Figure label={t('customers.columns.spend')} value={formatSpend(totals.spend, locale)} />
            <Figure label={t('customers.columns.attended')} value={totals.eventsAttended} />
            <Figure label={t('customers.columns.checkIns')} value={totals.checkIns} />
            <Figure
              label={t('customers.detail.seen')}
              value={`${formatDay(customer.firstSeenAt, locale)} – ${formatDay(customer.lastSeenAt, locale)}`}
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="customer-consent">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h4" id="customer-consent">
                {t('customers.detail.consent')}
              </Title>
              <ConsentBadge consent={customer.consent} />
            </Group>
            {customer.consents[0] && (
              <Text size="sm" c="dimmed">
                “{customer.consents[0].wording}”
              </Text>
            )}
            <Group>
              <Button variant="default" size="xs" onClick={() => setConsenting(true)}>
                {t('customers.consentForm.open')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="customer-lists">
          <Stack gap="sm">
            <Title order={2} size="h4" id="customer-lists">
              {t('customers.detail.lists')}
            </Title>
            {customer.lists.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('customers.detail.noLists')}
              </Text>
            ) : (
              <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {customer.lists.map((list) => (
                  <li key={list.listId}>
                    <Anchor component={Link} to={`/customers/list?list=${list.listId}`}>
                      {list.name}
                    </Anchor>{' '}
                    {(list.validFrom || list.validUntil) && (
                      <Text span size="xs" c="dimmed">
                        {t('customers.detail.window', {
                          from: list.validFrom ?? '…',
                          until: list.validUntil ?? '…',
                        })}
                      </Text>
                    )}
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="customer-timeline">
        <Stack gap="md">
          <Title order={2} size="h3" id="customer-timeline">
            {t('customers.timeline.heading')}
          </Title>
          <NoteForm customerId={customer.id} />
          <CustomerMerges customerId={customer.id} />
          <CustomerTimeline entries={customer.timeline} />
        </Stack>
      </Paper>

      <AppModal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('customers.edit.title')}
        size="lg"
        form
      >
        <CustomerEditForm customer={customer} onDone={() => setEditing(false)} />
      </AppModal>
      <AppModal
        opened={consenting}
        onClose={() => setConsenting(false)}
        title={t('customers.consentForm.title')}
        form
      >
        <ConsentForm customerId={customer.id} onDone={() => setConsenting(false)} />
      </AppModal>
    </Stack>
  );
}
