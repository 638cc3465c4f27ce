import { PERMISSIONS, type Permission } from '@guichet/shared/permissions';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** A staff member's permissions as badges, in the catalogue's order; ALL stands out. */
export function PermissionBadges({ permissions }: { permissions: readonly Permission[] }) {
  const { t } = useTranslation();
  const ordered = PERMISSIONS.filter((permission) => permissions.includes(permission));
  return (
    <Group gap={4}>
      {ordered.map((permission) => (
        <Badge
          key={permission}
          variant={permission === 'ALL' ? 'filled' : 'light'}
          color={permission === 'ALL' ? 'blue' : 'gray'}
          title={t(`teams.permissionHelp.${permission}`)}
        >
          {t(`teams.permission.${permission}`)}
        </Badge>
      ))}
    </Group>
  );
}
