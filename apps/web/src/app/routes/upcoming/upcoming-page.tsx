import { Anchor, Card, EmptyState } from '@mantine/core';
import { Link, useMatches } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from '../../../lib/i18n';
import { isRouteHandle } from '../../../lib/route-meta';

/** The frame of a page that a later version fills: title, breadcrumbs and an honest notice, nothing fake. */
export default function UpcomingPage() {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
  const route = handle?.route ?? '/';
  return (
    <>
      <PageHeader route={route} />
      <Card withBorder padding="xl">
        <EmptyState title={t('upcoming.title')} description={t('upcoming.body')}>
          {route !== '/' && (
            <Anchor component={Link} to="/">
              {t('upcoming.backToDashboard')}
            </Anchor>
          )}
        </EmptyState>
      </Card>
    </>
  );
}
