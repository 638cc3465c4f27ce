import type { Invitation, MemberSort, TeamMember } from '@guichet/shared/teams';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { type TranslationKey, useTranslation } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toasts';
import { useDevice } from '../../lib/use-device';
import { useInvitations } from './api/list-invitations';
import { useMembers } from './api/list-members';
import { useResendInvitation } from './api/resend-invitation';
import { useRevokeInvitation } from './api/revoke-invitation';
import { formatDate, formatDateTime } from './components/format';
import { PermissionBadges } from './components/permission-badges';

const SORTS: { value: MemberSort; label: TranslationKey }[] = [
  { value: 'name', label: 'teams.sort.nameAsc' },
  { value: '-name', label: 'teams.sort.nameDesc' },
  { value: 'email', label: 'teams.sort.emailAsc' },
  { value: '-lastSignInAt', label: 'teams.sort.lastSignInDesc' },
  { value: '-joinedAt', label: 'teams.sort.joinedDesc' },
  { value: 'joinedAt', label: 'teams.sort.joinedAsc' },
];

function isSort(value: string): value is MemberSort {
  return SORTS.some((sort) => sort.value === value);
}

function LastSignIn({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return <>{value ? formatDateTime(value) : t('teams.never')}</>;
}

function MemberTable({ members }: { members: TeamMember[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('teams.columns.name')}</Table.Th>
            <Table.Th>{t('teams.columns.email')}</Table.Th>
            <Table.Th>{t('teams.columns.permissions')}</Table.Th>
            <Table.Th>{t('teams.columns.status')}</Table.Th>
            <Table.Th>{t('teams.columns.lastSignIn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.staffId}>
              <Table.Td>
                <Anchor component={Link} to={`/teams/${member.staffId}`} fw={500}>
                  {member.displayName}
                </Anchor>
              </Table.Td>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>
                <PermissionBadges permissions={member.permissions} />
              </Table.Td>
              <Table.Td>
                <Badge color="green" variant="dot">
                  {t('teams.status.active')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <LastSignIn value={member.lastSignInAt} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MemberCards({ members }: { members: TeamMember[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {members.map((member) => (
        <Card component="li" key={member.staffId} withBorder padding="md">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={`/teams/${member.staffId}`} fw={600}>
                {member.displayName}
              </Anchor>
              <Badge color="green" variant="dot">
                {t('teams.status.active')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Text>
            <PermissionBadges permissions={member.permissions} />
            <Text size="xs" c="dimmed">
              {t('teams.columns.lastSignIn')}: <LastSignIn value={member.lastSignInAt} />
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const expired = invitation.status === 'expired';
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {invitation.email}
          </Text>
          <Badge color={expired ? 'orange' : 'blue'} variant="light">
            {t(expired ? 'teams.status.expired' : 'teams.status.invited')}
          </Badge>
        </Group>
        <PermissionBadges permissions={invitation.permissions} />
        <Text size="xs" c="dimmed">
          {invitation.invitedBy &&
            `${t('teams.invitedBy', { name: invitation.invitedBy.displayName, date: formatDate(invitation.createdAt) })} · `}
          {t(expired ? 'teams.expiredOn' : 'teams.expiresOn', { date: formatDateTime(invitation.expiresAt) })}
        </Text>
        <FormError error={resend.error ?? revoke.error} />
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('teams.resendLabel', { email: invitation.email })}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () => toastSuccess(t('teams.resent', { email: invitation.email })),
              })
            }
          >
            {t('teams.resend')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={t('teams.revokeLabel', { email: invitation.email })}
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutate(invitation.id, {
                onSuccess: () => toastSuccess(t('teams.revoked', { email: invitation.email })),
              })
            }
          >
            {t('teams.revoke')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** `/teams`: the organisation's staff and the invitations still waiting for an answer. */
export default function TeamsPage() {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MemberSort>('name');
  const [q] = useDebouncedValue(search.trim(), 250);
  const members = useMembers({ q, sort });
  const invitations = useInvitations();
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="lg">
      <PageHeader route="/teams" />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" wrap="wrap" gap="sm" style={{ flex: 1 }}>
          <TextInput
            label={t('teams.searchLabel')}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 200, maxWidth: 360 }}
          />
          <NativeSelect
            label={t('teams.sortLabel')}
            value={sort}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isSort(next)) setSort(next);
            }}
            data={SORTS.map((option) => ({ value: option.value, label: t(option.label) }))}
          />
        </Group>
        <Button component={Link} to="/teams/add">
          {t('teams.invite')}
        </Button>
      </Group>

      <section aria-label={t('pages.teams')}>
        {members.isPending ? (
          <Loader aria-label={t('app.loading')} />
        ) : members.isError ? (
          <FormError error={members.error} />
        ) : items.length === 0 ? (
          <Text c="dimmed">{t('teams.noMembers')}</Text>
        ) : phoneLayout ? (
          <MemberCards members={items} />
        ) : (
          <MemberTable members={items} />
        )}
        {members.hasNextPage && (
          <Group justify="center" mt="md">
            <Button
              variant="default"
              loading={members.isFetchingNextPage}
              onClick={() => void members.fetchNextPage()}
            >
              {t('teams.loadMore')}
            </Button>
          </Group>
        )}
      </section>

      <section aria-labelledby="pending-invitations">
        <Title order={2} size="h3" id="pending-invitations" mb="sm">
          {t('teams.pendingHeading')}
        </Title>
        {invitations.isPending ? (
          <Loader aria-label={t('app.loading')} />
        ) : invitations.isError ? (
          <FormError error={invitations.error} />
        ) : invitations.data.items.length === 0 ? (
          <Text c="dimmed">{t('teams.noInvitations')}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {invitations.data.items.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
