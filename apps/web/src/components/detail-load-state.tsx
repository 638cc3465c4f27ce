import type { AppRoute } from '@guichet/shared/permissions';
import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../lib/api-error';
import { useTranslation } from '../lib/i18n';
import { FormError } from './form-error';
import { PageHeader } from './page-header';

/**
 * What a page of one record shows until the record is there: a loader, then either "not found" (a 404, or
 * a 400 for an id that cannot be one) with a way back to the list, or the error. Null once loaded.
 */
export function DetailLoadState({
  route,
  query,
  notFound,
  back,
}: {
  route: AppRoute;
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>;
  notFound: string;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <>
        <PageHeader route={route} />
        <Loader aria-label={t('app.loading')} />
      </>
    );
  }
  if (!query.isError) return null;
  const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  return (
    <Stack gap="md">
      <PageHeader route={route} />
      {missing ? <Alert color="gray">{notFound}</Alert> : <FormError error={query.error} />}
      <Anchor component={Link} to={back.to}>
        {back.label}
      </Anchor>
    </Stack>
  );
}
