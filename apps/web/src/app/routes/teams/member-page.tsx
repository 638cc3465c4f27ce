import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { DetailLoadState } from '../../../components/detail-load-state';
import { PageHeader } from '../../../components/page-header';
import { PageSection } from '../../../components/page-section';
import { useMember } from '../../../features/teams/api/get-member';
import { formatDate, formatDateTime } from '../../../features/teams/components/format';
import { PermissionsEditor, RemoveMember } from '../../../features/teams/components/member-actions';
import { MemberHistory } from '../../../features/teams/components/member-history';
import { PermissionBadges } from '../../../features/teams/components/permission-badges';
import { useTranslation } from '../../../lib/i18n';

/** `/teams/:id`: one staff member: permissions, removal and the history of changes. */
export default function MemberPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useMember(id);

  if (detail.isPending || detail.isError) {
    return (
      <DetailLoadState
        route="/teams/:id"
        query={detail}
        notFound={t('teams.member.notFound')}
        back={{ to: '/teams', label: t('teams.member.back') }}
      />
    );
  }

  const { member, audit } = detail.data;
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader route="/teams/:id" title={member.displayName}>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Text>
        <PermissionBadges permissions={member.permissions} />
        <Text size="sm" c="dimmed">
          {t('teams.member.joined', { date: formatDate(member.joinedAt) })} ·{' '}
          {t('teams.member.lastSignIn', {
            date: member.lastSignInAt ? formatDateTime(member.lastSignInAt) : t('teams.never'),
          })}
        </Text>
      </PageHeader>

      <PageSection id="member-permissions" title={t('teams.member.permissionsHeading')}>
        <PermissionsEditor member={member} />
      </PageSection>

      <PageSection id="member-history" title={t('teams.member.historyHeading')}>
        <MemberHistory entries={audit.items} />
      </PageSection>

      <PageSection id="member-remove" title={t('teams.member.removeHeading')}>
        <RemoveMember member={member} />
      </PageSection>
    </Stack>
  );
}
