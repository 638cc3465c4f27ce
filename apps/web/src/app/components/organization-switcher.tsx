import { isScanOnly } from '@guichet/shared/permissions';
import { NativeSelect, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { switchOrganization } from '../../lib/session/actions';
import { useSession } from '../../lib/session/use-session';

/** Spec §4: the organisations the staff member may work in (SCAN-only ones left out). */
export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const { me, organization } = useSession();
  const eligible = (me?.staffOrganization ?? []).filter((entry) => !isScanOnly(entry));
  if (!organization) return null;
  if (eligible.length <= 1) {
    return (
      <Text fw={600} size="sm" truncate="end" maw={220}>
        {organization.name}
      </Text>
    );
  }
  return (
    <NativeSelect
      aria-label={t('nav.switchOrganization')}
      size="sm"
      maw={260}
      value={organization.id}
      onChange={(event) => switchOrganization(event.currentTarget.value)}
      data={eligible.map((entry) => ({ value: entry.organization_id, label: entry.organization.name }))}
    />
  );
}
