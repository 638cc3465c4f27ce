import { type AppRoute, ROUTE_ACCESS } from '@guichet/shared/permissions';
import { Alert } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { ROUTE_META } from '../../lib/route-meta';

/** What the guard leaves in the location's state when it sends a staff member away from a page. */
export interface DeniedState {
  denied: AppRoute;
}

function deniedOf(state: unknown): AppRoute | null {
  if (typeof state !== 'object' || state === null || !('denied' in state)) return null;
  const denied = (state as { denied: unknown }).denied;
  return typeof denied === 'string' && denied in ROUTE_ACCESS ? (denied as AppRoute) : null;
}

/**
 * On the page a staff member lands on after being sent away from one they may not open: which page, what
 * it needs, whom to ask. Closing it forgets it (the location's state), as does any other navigation.
 */
export function AccessDeniedNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const denied = deniedOf(location.state);
  if (!denied) return null;
  const access = ROUTE_ACCESS[denied];
  const needs =
    access.kind === 'permission'
      ? access.anyOf.map((permission) => t(`teams.permission.${permission}`)).join(t('accessDenied.or'))
      : '';
  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      mb="md"
      title={t('accessDenied.title', { page: t(`pages.${ROUTE_META[denied].title}`) })}
      withCloseButton
      closeButtonLabel={t('accessDenied.close')}
      onClose={() => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
    >
      {t('accessDenied.body', { needs })}
    </Alert>
  );
}
