import { canAccessRoute } from '@guichet/shared/permissions';
import { Card, EmptyState, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from '../../../lib/i18n';
import { NAV_ITEMS } from '../../../lib/navigation';
import { useSessionState } from '../../../lib/session/use-session';

/** `/`: the organisation's start page. Figures come with ticket sales; until then, an honest empty state. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, organization, permissions } = useSessionState();
  const links = NAV_ITEMS.filter((item) => item.route !== '/' && canAccessRoute(item.route, permissions));

  return (
    <Stack gap="xl">
      <PageHeader route="/" title={t('dashboard.welcome', { name: user?.displayName ?? '' })}>
        {organization && <Text c="dimmed">{t('dashboard.organization', { name: organization.name })}</Text>}
      </PageHeader>

      <Card withBorder padding="xl">
        <EmptyState title={t('dashboard.emptyTitle')} description={t('dashboard.emptyBody')} />
      </Card>

      {links.length > 0 && (
        <section aria-labelledby="quick-links">
          <Title order={2} size="h3" id="quick-links" mb="sm">
            {t('dashboard.quickLinks')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {links.map((item) => (
              <Card key={item.route} component={Link} to={item.route} withBorder padding="md">
                <Text fw={600}>{t(`nav.${item.label}`)}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      )}
    </Stack>
  );
}
