import { isScanOnly } from '@guichet/shared/permissions';
import { Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { setFlash } from '../lib/flash';
import { changeLocale, currentLocale, useTranslation } from '../lib/i18n';
import { isPublicAuthPath, leaveFor, pathOf, SCAN_PATH } from '../lib/public-paths';
import { isRouteHandle, ROUTE_META } from '../lib/route-meta';
import { endLocalSession } from '../lib/session/actions';
import { applyProfile, stateWithProfile } from '../lib/session/apply-profile';
import { sessionStore } from '../lib/session/store';
import { useSession } from '../lib/session/use-session';
import { toastInfo } from '../lib/toasts';
import type { DeniedState } from './components/access-denied-notice';
import { decideAccess } from './guard';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

function useMatchedRoute() {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return null;
}

/** Keeps the persisted session in step with the profile, and the language with the staff member's choice. */
function useProfileSync(session: ReturnType<typeof useSession>) {
  const { t } = useTranslation();
  const appliedLocaleFor = useRef<string | null>(null);
  const { me, profileError, status } = session;

  useEffect(() => {
    if (!me) return;
    applyProfile(me);
    if (appliedLocaleFor.current !== me.id) {
      appliedLocaleFor.current = me.id;
      if (me.locale !== currentLocale()) void changeLocale(me.locale);
    }
  }, [me]);

  useEffect(() => {
    // Spec §8: a profile that fails to load is treated as no user.
    if (profileError && status === 'signed-out' && sessionStore.getState().token !== null) {
      setFlash('toasts.profileFailed');
      endLocalSession();
      toastInfo(t('toasts.profileFailed'));
    }
  }, [profileError, status, t]);
}

/** The root of every page: runs the navigation guard and names the document. */
export function Root() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const route = useMatchedRoute();
  useProfileSync(session);

  const title = t(`pages.${route ? ROUTE_META[route].title : 'notFound'}`);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  // Right after sign-in (a full load from the sign-in page) the stored session has no organisation yet: the
  // guard decides on the profile as it is about to be applied, not on what was stored before it loaded.
  const current = session.me ? stateWithProfile(sessionStore.getState(), session.me) : session;
  const decision = decideAccess({
    route,
    location: `${location.pathname}${location.search}`,
    status: session.status,
    hasOrganization: current.organization !== null,
    scanOnlyStaff: session.me?.staffOrganization.some(isScanOnly) ?? false,
    permissions: current.permissions,
  });
  if (decision.type === 'wait') return <FullPageLoader />;
  if (decision.type === 'redirect') {
    // The sign-in pages and the scanner are other start-ups: a full load, not a move of the router.
    const elsewhere = isPublicAuthPath(pathOf(decision.to)) || decision.to === SCAN_PATH;
    if (elsewhere) return <LeaveFor to={decision.to} />;
    const state: DeniedState | null = decision.denied ? { denied: decision.denied } : null;
    return <Navigate to={decision.to} replace state={state} />;
  }
  return <Outlet />;
}

/** The sign-in pages are another start-up: a full load, not a move of the router. */
function LeaveFor({ to }: { to: string }) {
  useEffect(() => {
    void leaveFor(to);
  }, [to]);
  return <FullPageLoader />;
}
