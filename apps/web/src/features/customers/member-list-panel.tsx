import type { MemberList } from '@guichet/shared/customers';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error';
import { toastError } from '../../lib/toasts';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useDevice } from '../../lib/use-device';
import { AddMembersModal } from './add-members-modal';
import { useListHistory } from './api/list-history';
import { useMembers } from './api/list-members';
import { useRemoveMember } from './api/remove-member';
import { formatInstant } from './format';
import { useCustomersTranslation as useTranslation } from './i18n';
import { ImportButton } from './import-button';

/** One list: its members (search, pages, removal), adding people, and its history. */
export function MemberListPanel({ list }: { list: MemberList }) {
  const { t, locale } = useTranslation();
  const { phoneLayout } = useDevice();
  const [q, setQ] = useState('');
  const [search, typeSearch] = useDebouncedSearch(q, setQ);
  const [adding, setAdding] = useState(false);
  const members = useMembers(list.id, q);
  const history = useListHistory(list.id);
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  const remove = useRemoveMember(list.id);
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];
  const window = (from: string | null, until: string | null) =>
    from || until
      ? t('customers.detail.window', { from: from ?? '…', until: until ?? '…' })
      : t('memberLists.always');

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="list-members">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={2} size="h3" id="list-members">
                {list.name}
              </Title>
              {list.description && (
                <Text size="sm" c="dimmed">
                  {list.description}
                </Text>
              )}
              <Text size="sm">{t('memberLists.memberCount', { count: list.memberCount })}</Text>
            </Stack>
            <Group gap="sm">
              <Button variant="default" component={Link} to={`/customers?list=${list.id}`}>
                {t('memberLists.openInCustomers')}
              </Button>
              <Button onClick={() => setAdding(true)}>{t('memberLists.add.open')}</Button>
              <ImportButton listId={list.id} />
            </Group>
          </Group>
          <TextInput
            type="search"
            label={t('memberLists.search')}
            value={search}
            onChange={(event) => typeSearch(event.currentTarget.value)}
            maw={phoneLayout ? undefined : 320}
          />
          {members.isPending ? (
            <Skeleton height={80} />
          ) : !members.data ? (
            <FormError error={members.error} />
          ) : items.length === 0 ? (
            <Text c="dimmed">{t(q ? 'memberLists.noMatch' : 'memberLists.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={phoneLayout ? 0 : 600}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('customers.columns.customer')}</Table.Th>
                    {!phoneLayout && <Table.Th>{t('memberLists.validity')}</Table.Th>}
                    <Table.Th w={60}>
                      <VisuallyHidden>{t('memberLists.remove')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((member) => (
                    <Table.Tr key={member.customerId}>
                      <Table.Td>
                        <Stack gap={0}>
                          <Anchor component={Link} to={`/customers/${member.customerId}`} fw={500}>
                            {member.name}
                          </Anchor>
                          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {member.email}
                            {phoneLayout ? ` · ${window(member.validFrom, member.validUntil)}` : ''}
                          </Text>
                        </Stack>
                      </Table.Td>
                      {!phoneLayout && (
                        <Table.Td>
                          <Text size="sm">{window(member.validFrom, member.validUntil)}</Text>
                        </Table.Td>
                      )}
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          aria-label={t('memberLists.removeNamed', { name: member.name })}
                          loading={remove.isPending && remove.variables === member.customerId}
                          onClick={() =>
                            remove.mutate(member.customerId, { onError: (error) => toastError(error) })
                          }
                        >
                          ×
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {members.hasNextPage && (
            <Group>
              <Button
                variant="default"
                loading={members.isFetchingNextPage}
                onClick={() => void members.fetchNextPage()}
              >
                {t('customers.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="list-history">
        <Stack gap="sm">
          <Title order={2} size="h4" id="list-history">
            {t('memberLists.history')}
          </Title>
          {entries.length === 0 && history.isSuccess && <Text c="dimmed">{t('memberLists.noHistory')}</Text>}
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {entries.map((entry) => (
              <Text component="li" size="sm" key={entry.id}>
                {t(`memberLists.historyEntry_${entry.action}`, {
                  actor: entry.actorName ?? '—',
                  name: entry.customerName,
                  email: entry.customerEmail,
                })}{' '}
                <Text span size="xs" c="dimmed">
                  {formatInstant(entry.at, locale)}
                </Text>
              </Text>
            ))}
          </Stack>
          {history.hasNextPage && (
            <Group>
              <Button
                variant="default"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {t('customers.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <AddMembersModal listId={list.id} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
