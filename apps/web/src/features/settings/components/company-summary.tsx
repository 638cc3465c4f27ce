import type { SettingsOverview } from '@guichet/shared/settings';
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFileUrl } from '../../../lib/file-url';
import { useTranslation } from '../../../lib/i18n';

/** The organisation's company details as the settings hub shows them, with the way to change them. */
export function CompanySummary({ company }: { company: SettingsOverview['company'] }) {
  const { t } = useTranslation();
  const logoUrl = useFileUrl(company.logo?.path);
  const place = [company.city, company.country].filter(Boolean).join(', ');
  const rows: [string, string | null][] = [
    [t('settings.fields.name'), company.name],
    [t('settings.fields.legalName'), company.legalName],
    [t('settings.fields.city'), place || null],
    [t('settings.fields.defaultCurrency'), company.defaultCurrency],
    [t('settings.fields.timeZone'), company.timeZone],
  ];
  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="wrap">
        {logoUrl && <Image src={logoUrl} alt={t('settings.logo.preview')} w={72} h={72} fit="contain" />}
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px' }}>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {value ?? t('settings.notSet')}
              </Text>
            </div>
          ))}
        </dl>
      </Group>
      <div>
        <Button component={Link} to="/settings/company" variant="default">
          {t('settings.company.edit')}
        </Button>
      </div>
    </Stack>
  );
}
