import type { MemberSort } from '@guichet/shared/teams';
import { Button, Group, Loader, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { useInvitations } from '../../../features/teams/api/list-invitations';
import { useMembers } from '../../../features/teams/api/list-members';
import { InvitationRow } from '../../../features/teams/components/invitation-row';
import { MemberCards, MemberTable } from '../../../features/teams/components/member-list';
import { type TranslationKey, useTranslation } from '../../../lib/i18n';
import { useDevice } from '../../../lib/use-device';

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
  const invited = invitations.data?.pages.flatMap((page) => page.items) ?? [];

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
        ) : invited.length === 0 ? (
          <Text c="dimmed">{t('teams.noInvitations')}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {invited.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </Stack>
        )}
        {invitations.hasNextPage && (
          <Group justify="center" mt="md">
            <Button
              variant="default"
              loading={invitations.isFetchingNextPage}
              onClick={() => void invitations.fetchNextPage()}
            >
              {t('teams.loadMore')}
            </Button>
          </Group>
        )}
      </section>
    </Stack>
  );
}
