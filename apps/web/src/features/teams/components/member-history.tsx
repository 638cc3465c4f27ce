import type { Permission } from '@guichet/shared/permissions';
import type { AuditEntry } from '@guichet/shared/teams';
import { Text, Timeline } from '@mantine/core';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { formatDateTime } from './format';

function permissionsOf(value: unknown): Permission[] | null {
  if (!value || typeof value !== 'object' || !('permissions' in value)) return null;
  const { permissions } = value as { permissions: unknown };
  return Array.isArray(permissions) ? (permissions as Permission[]) : null;
}

function describeEntry(t: TFunction, entry: AuditEntry): string {
  const list = (value: unknown) =>
    (permissionsOf(value) ?? []).map((permission) => t(`teams.permission.${permission}`)).join(', ');
  switch (entry.action) {
    case 'staff.permissions-changed':
      return t('teams.audit.permissionsChanged', { before: list(entry.before), after: list(entry.after) });
    case 'staff.joined':
      return t('teams.audit.joined', { after: list(entry.after) });
    case 'staff.removed':
      return t('teams.audit.removed', { before: list(entry.before) });
    default:
      return entry.action;
  }
}

/** What changed for a staff member, newest first, and who did it. */
export function MemberHistory({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <Text c="dimmed">{t('teams.member.noHistory')}</Text>;
  return (
    <Timeline bulletSize={12} lineWidth={2}>
      {entries.map((entry) => (
        <Timeline.Item key={entry.id} title={describeEntry(t, entry)}>
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.createdAt)} ·{' '}
            {t('teams.member.by', {
              name: entry.actor?.displayName ?? t('teams.member.unknownActor'),
            })}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
