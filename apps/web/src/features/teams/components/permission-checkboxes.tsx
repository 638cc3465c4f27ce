import { PERMISSIONS, type Permission } from '@guichet/shared/permissions';
import { Checkbox, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** One checkbox per permission, each with what it opens in plain words. */
export function PermissionCheckboxes({
  value,
  onChange,
  label,
  error,
}: {
  value: Permission[];
  onChange: (value: Permission[]) => void;
  label: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={label}
      value={value}
      onChange={(next) => onChange(PERMISSIONS.filter((permission) => next.includes(permission)))}
      error={error}
      withAsterisk
    >
      <Stack gap="sm" mt="xs">
        {PERMISSIONS.map((permission) => (
          <Checkbox
            key={permission}
            value={permission}
            label={t(`teams.permission.${permission}`)}
            description={t(`teams.permissionHelp.${permission}`)}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
