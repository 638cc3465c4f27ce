import { canAccessRoute } from '@guichet/shared/permissions';
import { Card, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { loadCataloguePart, useTranslation } from '../../../lib/i18n';
import { NAV_ITEMS } from '../../../lib/navigation';
import { useSessionState } from '../../../lib/session/use-session';

// The figures, their chart and live stream load after the frame: the page is part of the app shell.
const DashboardBoard = lazy(() =>
  Promise.all([import('./dashboard-board'), loadCataloguePart('dashboard')]).then(([module]) => module),
);

/** `/` (ALL or DASHBOARD): the organisation's start page, its figures, events and what needs attention. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, organization, permissions } = useSessionState();
  const links = NAV_ITEMS.filter((item) => item.route !== '/' && canAccessRoute(item.route, permissions));

  return (
    <Stack gap="xl">
      <PageHeader route="/" title={t('dashboard.welcome', { name: user?.displayName ?? '' })}>
        {organization && <Text c="dimmed">{t('dashboard.organization', { name: organization.name })}</Text>}
      </PageHeader>

      <Suspense
        fallback={
          <Center p="xl">
            <Loader aria-label={t('dashboard.loading')} />
          </Center>
        }
      >
        <DashboardBoard />
      </Suspense>

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
