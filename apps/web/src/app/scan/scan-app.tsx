import { Button, Center, Group, Loader, MantineProvider } from '@mantine/core';
import { Component, lazy, type ReactNode, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthFrame } from '../../components/auth-frame';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSelect } from '../../components/language-select';
import { SCAN_SIGN_IN } from '../../features/scan/sign-in';
import { changeLocale, loadCataloguePart, useTranslation } from '../../lib/i18n';
import { sessionStore } from '../../lib/session/store';
import { AppErrorBoundary } from '../components/app-error-boundary';
import { createAppTheme, cssVariablesResolver } from '../theme';
import { installScanner } from './install';

/**
 * The door scanner (`/scan`): a light app of its own, like the buyer's. It needs the staff session (the
 * sign-in pages write it) but none of the back office: no router, no query cache, no navigation. Its page
 * and strings load together; once installed it starts from the service worker's cache, network or not.
 */
let pageLoad: Promise<typeof import('../routes/scan/scanner-page')> | null = null;
function loadPage() {
  pageLoad ??= import('../routes/scan/scanner-page');
  return pageLoad;
}
const ScannerPage = lazy(loadPage);

const theme = createAppTheme();

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={240}>
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

/** The page's code that did not arrive (first visit, network lost): a way to try again. */
class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? <ReloadButton /> : this.props.children;
  }
}

function ReloadButton() {
  const { t } = useTranslation();
  return (
    <Center mih={240}>
      <Button onClick={() => window.location.reload()}>{t('errorScreen.reload')}</Button>
    </Center>
  );
}

/**
 * The frame of the sign-in pages (brand, language, a card), with a way out. The API client is the page's:
 * sharing the frame's modules with the other light apps keeps their chunks whole (the sign-in page's budget).
 */
function ScanShell() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('scan.title')} · ${t('app.name')}`;
  }, [t]);
  const signOut = async () => {
    // Through the page's module (already loaded): the API client stays in the page's chunks.
    const page = await loadPage();
    await page.signOut();
    window.location.assign(SCAN_SIGN_IN);
  };
  return (
    <AuthFrame
      brand={<BrandMark />}
      language={<LanguageSelect onChange={(locale) => void changeLocale(locale)} />}
    >
      <PageBoundary>
        <Suspense fallback={<PageLoader />}>
          <ScannerPage />
        </Suspense>
      </PageBoundary>
      {/* At the foot of the card: the header has no room for them at 360 px, and they are not door actions.
          Door staff whose only permission is SCAN have no organisation of their own in the back office
          (spec §4): creating one is still offered to them. */}
      <Group justify="center" mt="md">
        <Button variant="subtle" size="compact-sm" component="a" href="/create-organization">
          {t('scan.createOrganization')}
        </Button>
        <Button variant="subtle" size="compact-sm" onClick={() => void signOut()}>
          {t('scan.signOut')}
        </Button>
      </Group>
    </AuthFrame>
  );
}

export function start(container: HTMLElement): void {
  // No session: sign in first, then come back here (the sign-in page honours `next`).
  if (sessionStore.getState().token === null) {
    window.location.replace(SCAN_SIGN_IN);
    return;
  }
  installScanner();
  void loadPage();
  // The shell speaks the scanner's strings too: they arrive (a small chunk) while the page's code does.
  void loadCataloguePart('scan').finally(() => render(container));
}

function render(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <AppErrorBoundary>
          <ScanShell />
        </AppErrorBoundary>
      </MantineProvider>
    </StrictMode>,
  );
}
