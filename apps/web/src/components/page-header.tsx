import type { AppRoute } from '@guichet/shared/permissions';
import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { ROUTE_META, routeTrail } from '../lib/route-meta';

/** Breadcrumbs from the route table, then the page title (the one `<h1>` of the page). */
export function PageHeader({
  route,
  title,
  children,
}: {
  route: AppRoute;
  title?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const trail = routeTrail(route);
  const pageTitle = title ?? t(`pages.${ROUTE_META[route].title}`);
  return (
    <Stack gap={4} mb="lg">
      {trail.length > 1 && (
        <nav aria-label={t('nav.breadcrumbs')}>
          <Breadcrumbs separator="›">
            {trail.slice(0, -1).map((ancestor) => (
              <Anchor key={ancestor} component={Link} to={ancestor} size="sm">
                {t(`pages.${ROUTE_META[ancestor].title}`)}
              </Anchor>
            ))}
            <Text size="sm" aria-current="page">
              {pageTitle}
            </Text>
          </Breadcrumbs>
        </nav>
      )}
      <Title order={1}>{pageTitle}</Title>
      {children}
    </Stack>
  );
}
