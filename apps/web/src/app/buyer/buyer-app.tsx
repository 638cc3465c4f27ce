import { Center, Loader, MantineProvider } from '@mantine/core';
import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  StrictMode,
  Suspense,
  startTransition,
  useEffect,
} from 'react';
import { createRoot } from 'react-dom/client';
import { AuthFrame } from '../../components/auth-frame';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSelect } from '../../components/language-select';
import { getPublicEvent, publicEventKey } from '../../features/buyer/api/get-public-event';
import { getPublicOrder, publicOrderKey } from '../../features/buyer/api/get-public-order';
import { prefetch, provide } from '../../features/buyer/api/prefetch';
import { LoadFailed } from '../../features/buyer/load-failed';
import { changeLocale, loadCataloguePart, useTranslation } from '../../lib/i18n';
import { isBuyerPath, normalizePath } from '../../lib/public-paths';
import { AppErrorBoundary } from '../components/app-error-boundary';
import { createAppTheme, cssVariablesResolver } from '../theme';
import { eventSlugsOf, orderCodeOf, useAddress } from './navigation';

/**
 * The buyer's app: the public event page with its checkout, and the order page a buyer lands on after it
 * (`/checkout/firebase?order=CODE`). No session, no router, no query cache: a buyer on a phone downloads
 * only this, the page in view and the buyer's strings.
 */
type PageModule = { default: ComponentType<{ address: URL }> };
type BuyerPage = 'event' | 'order';

const loaders: Record<BuyerPage, () => Promise<PageModule>> = {
  event: () => import('../routes/buyer/event-page'),
  order: () => import('../routes/buyer/order-page'),
};

/**
 * One download per page, shared by the start-up (which begins it early) and `lazy`; the buyer's strings
 * load alongside the page, so a page never renders its keys.
 */
const loading = new Map<BuyerPage, Promise<PageModule>>();
function loadPage(page: BuyerPage): Promise<PageModule> {
  let promise = loading.get(page);
  if (!promise) {
    promise = Promise.all([loaders[page](), loadCataloguePart('buyer')]).then(([module]) => module);
    loading.set(page, promise);
  }
  return promise;
}

const pages: Record<BuyerPage, ComponentType<{ address: URL }>> = {
  event: lazy(() => loadPage('event')),
  order: lazy(() => loadPage('order')),
};

function pageOf(pathname: string): BuyerPage {
  return normalizePath(pathname) === '/checkout/firebase' ? 'order' : 'event';
}

const theme = createAppTheme();

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={320}>
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

/**
 * A page's code that did not arrive (a phone losing its network between two pages): the buyer keeps the
 * frame and gets a way to try again, rather than the app's fatal error screen.
 */
class PageBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return <PageFailed error={this.state.error} />;
  }
}

/** In the core strings: the buyer's own may be what failed to arrive. */
function PageFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <LoadFailed
      title={t('pages.error')}
      error={error}
      retryLabel={t('errorScreen.reload')}
      onRetry={() => window.location.reload()}
    />
  );
}

function BuyerApp() {
  const address = useAddress();
  useEffect(() => {
    // Back in the history to a page outside the buyer's: it needs its own start-up.
    if (!isBuyerPath(address.pathname)) window.location.reload();
  }, [address.pathname]);
  const page = pageOf(address.pathname);
  const Page = pages[page];
  return (
    <BuyerFrame>
      <PageBoundary key={page}>
        <Suspense fallback={<PageLoader />}>
          <Page address={address} />
        </Suspense>
      </PageBoundary>
    </BuyerFrame>
  );
}

/** The buyer pages' frame; the server's prerender of the event page draws the same (`src/prerender.tsx`). */
export function BuyerFrame({ children }: { children: ReactNode }) {
  return (
    <AuthFrame
      brand={<BrandMark />}
      language={<LanguageSelect onChange={(locale) => void changeLocale(locale)} />}
    >
      {children}
    </AuthFrame>
  );
}

/** The id of the element in which the server sends the event it drew the page with. */
export const PROVIDED_EVENT_ID = 'guichet-public-event';

/** The event the server sent with the page, if it is this address's (JSON: never run as a script). */
function providedEvent(address: URL): boolean {
  const element = document.getElementById(PROVIDED_EVENT_ID);
  if (!element?.textContent) return false;
  try {
    const { orgSlug, eventSlug } = eventSlugsOf(address.pathname);
    provide(publicEventKey(orgSlug, eventSlug), JSON.parse(element.textContent));
    return true;
  } catch {
    return false;
  }
}

/** The address's own data, asked for alongside the page's code (see `prefetch`). */
function prefetchFor(address: URL, page: BuyerPage): void {
  if (page === 'order') {
    const code = orderCodeOf(address);
    if (code) prefetch(publicOrderKey(code), () => getPublicOrder(code));
    return;
  }
  const { orgSlug, eventSlug } = eventSlugsOf(address.pathname);
  prefetch(publicEventKey(orgSlug, eventSlug), () => getPublicEvent(orgSlug, eventSlug));
}

export function start(container: HTMLElement): void {
  const address = new URL(window.location.href);
  const page = pageOf(address.pathname);
  const loaded = loadPage(page);
  const drawn = page === 'event' && providedEvent(address);
  if (!drawn) prefetchFor(address, page);
  const root = createRoot(container);
  const render = () =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <AppErrorBoundary>
            <BuyerApp />
          </AppErrorBoundary>
        </MantineProvider>
      </StrictMode>,
    );
  // The server drew the page with its event: that stays on screen until the page's code and strings are
  // here, and React then replaces it in one commit, never with the loader in between. Nothing new shows
  // meanwhile, so the render is a transition that yields to the browser every few milliseconds.
  if (drawn && container.firstElementChild) {
    const inTransition = () => startTransition(render);
    void loaded.then(inTransition, inTransition);
  } else {
    render();
  }
}
