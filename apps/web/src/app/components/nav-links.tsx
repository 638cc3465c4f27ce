import {
  type AppRoute,
  canAccessRoute,
  checkPermission,
  isScanOnly,
  SCANNER_PERMISSIONS,
} from '@guichet/shared/permissions';
import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { NAV_ITEMS } from '../../lib/navigation';
import { SCAN_PATH } from '../../lib/public-paths';
import { useSession, useSessionState } from '../../lib/session/use-session';

function isActive(route: AppRoute, pathname: string): boolean {
  if (route === '/') return pathname === '/';
  if (route === '/customers') return pathname === '/customers';
  return pathname === route || pathname.startsWith(`${route}/`);
}

/** The back office's sections, only those the current organisation's permissions open. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { organization, permissions } = useSessionState();
  const { me } = useSession();
  const items = organization ? NAV_ITEMS.filter((item) => canAccessRoute(item.route, permissions)) : [];
  // Door staff of any organisation always have their way back to the scanner, even with no back office.
  const scans =
    (organization !== null && checkPermission(permissions, SCANNER_PERMISSIONS)) ||
    (me?.staffOrganization ?? []).some(isScanOnly);
  return (
    <nav aria-label={t('nav.main')}>
      <Stack gap={2}>
        {items.map((item) => {
          const active = isActive(item.route, pathname);
          return (
            <NavLink
              key={item.route}
              component={Link}
              to={item.route}
              label={t(`nav.${item.label}`)}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            />
          );
        })}
        {scans && (
          // The scanner is an app of its own (installable, offline): a full page load, not a route of this one.
          <NavLink component="a" href={SCAN_PATH} label={t('nav.scanner')} onClick={onNavigate} />
        )}
        {!organization && (
          <NavLink
            component={Link}
            to="/create-organization"
            label={t('nav.createOrganization')}
            onClick={onNavigate}
          />
        )}
      </Stack>
    </nav>
  );
}
