import type { AppRoute } from '@guichet/shared/permissions';
import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { ROUTE_META, reachableAncestors } from '../lib/route-meta';
import { useSessionState } from '../lib/session/use-session';

/**
 * Breadcrumbs from the route table, then the page title (the one `<h1>` of the page). An ancestor the
 * staff member may not open is left out: a breadcrumb never leads to a page that would send them away.
 */
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
  const { permissions } = useSessionState();
  const ancestors = reachableAncestors(route, permissions);
  const pageTitle = title ?? t(`pages.${ROUTE_META[route].title}`);
  return (
    <Stack gap={4} mb="lg">
      {ancestors.length > 0 && (
        <nav aria-label={t('nav.breadcrumbs')}>
          <Breadcrumbs separator="›">
            {ancestors.map((ancestor) => (
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
