import { Alert, Center, Loader, MantineProvider } from '@mantine/core';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  StrictMode,
  Suspense,
  startTransition,
  useEffect,
  useState,
} from 'react';
import { createRoot } from 'react-dom/client';
import { AuthFrame } from '../../components/auth-frame';
import { BRAND_LINK_STYLE, BrandMark } from '../../components/brand-mark';
import { LanguageSelect } from '../../components/language-select';
import { type Flash, takeFlash } from '../../lib/flash';
import { changeLocale, useTranslation } from '../../lib/i18n';
import { nextFromSearch } from '../../lib/next-path';
import { normalizePath, type PublicAuthPath } from '../../lib/public-paths';
import type { PageKey } from '../../lib/route-meta';
import { sessionStore } from '../../lib/session/store';
import { AppErrorBoundary } from '../components/app-error-boundary';
import { createAppTheme, cssVariablesResolver } from '../theme';
import { usePath } from './navigation';

type PageModule = { default: ComponentType };

const loaders: Record<PublicAuthPath, () => Promise<PageModule>> = {
  '/connection': () => import('../routes/auth/connection-page'),
  '/regs8df0s9dfsd': () => import('../routes/auth/registration-page'),
  '/password-forgotten': () => import('../routes/auth/password-forgotten-page'),
  '/reset-password': () => import('../routes/auth/reset-password-page'),
};

/** One download per page, shared by the start-up (which begins it early) and `lazy`. */
const loading = new Map<PublicAuthPath, Promise<PageModule>>();
function loadPage(path: PublicAuthPath): Promise<PageModule> {
  let promise = loading.get(path);
  if (!promise) {
    promise = loaders[path]();
    loading.set(path, promise);
  }
  return promise;
}

const pages: Record<PublicAuthPath, ComponentType> = {
  '/connection': lazy(() => loadPage('/connection')),
  '/regs8df0s9dfsd': lazy(() => loadPage('/regs8df0s9dfsd')),
  '/password-forgotten': lazy(() => loadPage('/password-forgotten')),
  '/reset-password': lazy(() => loadPage('/reset-password')),
};

function isKnown(path: string): path is PublicAuthPath {
  return path in loaders;
}

/** Page titles (the back office's route table has them too; it is left out of this light start-up). */
const TITLES = {
  '/connection': 'pages.connection',
  '/regs8df0s9dfsd': 'pages.registration',
  '/password-forgotten': 'pages.passwordForgotten',
  '/reset-password': 'pages.resetPassword',
} as const satisfies Record<PublicAuthPath, `pages.${PageKey}`>;

/** Pages a signed-in staff member has no reason to see (as the back office's guard had it). */
const SIGNED_OUT_ONLY: readonly PublicAuthPath[] = ['/connection', '/regs8df0s9dfsd'];

const theme = createAppTheme();

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={240}>
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

/** Sign-in, registration and password recovery: the auth layout's look, no router and no query cache. */
function PublicApp({ initialFlash }: { initialFlash: Flash | null }) {
  const { t } = useTranslation();
  const path = usePath();
  const [flash, setFlash] = useState(() => (initialFlash ? { path, value: initialFlash } : null));

  useEffect(() => {
    // A message handed over by the previous sign-in page.
    const value = takeFlash();
    if (value) setFlash({ path, value });
    // Back in the history to a page of the back office: it needs its own start-up.
    if (!isKnown(path)) window.location.reload();
  }, [path]);

  const title = t(isKnown(path) ? TITLES[path] : 'pages.notFound');
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  const Page = isKnown(path) ? pages[path] : null;
  const notice = flash && flash.path === path ? flash.value : null;
  return (
    <PublicFrame>
      {notice && (
        <Alert color={notice.color} variant="light" role="status" mb="lg">
          {t(notice.key)}
        </Alert>
      )}
      <Suspense fallback={<PageLoader />}>{Page && <Page />}</Suspense>
    </PublicFrame>
  );
}

/** The sign-in pages' frame; the server's prerender of a page draws the same (`src/prerender.tsx`). */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AuthFrame
      brand={
        <a href="/" style={BRAND_LINK_STYLE} aria-label={`${t('app.name')} — ${t('app.home')}`}>
          <BrandMark />
        </a>
      }
      language={<LanguageSelect onChange={(locale) => void changeLocale(locale)} />}
    >
      {children}
    </AuthFrame>
  );
}

export function start(container: HTMLElement): void {
  const path = normalizePath(window.location.pathname);
  const { token, user } = sessionStore.getState();
  if (token !== null && user !== null && isKnown(path) && SIGNED_OUT_ONLY.includes(path)) {
    window.location.replace(nextFromSearch(window.location.search) ?? '/');
    return;
  }
  const page = isKnown(path) ? loadPage(path) : null;
  const root = createRoot(container);
  const render = () =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <AppErrorBoundary>
            <PublicApp initialFlash={takeFlash()} />
          </AppErrorBoundary>
        </MantineProvider>
      </StrictMode>,
    );
  // The server sent the page drawn already (its prerender): it stays on screen until the page's code is
  // here, and React then replaces it in one commit, never with the loader in between. Nothing new shows
  // meanwhile, so the render is a transition: React yields to the browser every few milliseconds instead
  // of holding the main thread for the whole page (on a slow phone, typing would wait for it).
  if (page && container.firstElementChild) {
    const inTransition = () => startTransition(render);
    void page.then(inTransition, inTransition);
  } else {
    render();
  }
}
