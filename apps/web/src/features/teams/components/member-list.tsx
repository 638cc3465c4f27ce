import type { TeamMember } from '@guichet/shared/teams';
import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from './format';
import { PermissionBadges } from './permission-badges';

function LastSignIn({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return <>{value ? formatDateTime(value) : t('teams.never')}</>;
}

/** The staff as a table (wide screens). */
export function MemberTable({ members }: { members: TeamMember[] }) {
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

/** The staff as cards (phones). */
export function MemberCards({ members }: { members: TeamMember[] }) {
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
