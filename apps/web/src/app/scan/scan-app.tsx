import { Box, Button, Center, Container, Group, Loader, MantineProvider } from '@mantine/core';
import { Component, lazy, type ReactNode, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSelect } from '../../components/language-select';
import { SCAN_PATH, signOut, startTokenRefresh } from '../../features/scan/api/scan-api';
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
let pageLoad: Promise<{ default: () => ReactNode }> | null = null;
function loadPage() {
  pageLoad ??= import('../../features/scan/scanner-page');
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

function ScanShell() {
  const { t } = useTranslation();
  useEffect(() => startTokenRefresh(), []);
  useEffect(() => {
    document.title = `${t('scan.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <Box mih="100vh" bg="gray.0">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Container size={560} px="sm" py="sm">
        <Group component="header" justify="space-between" mb="sm" wrap="nowrap" gap="xs">
          <BrandMark />
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect onChange={(locale) => void changeLocale(locale)} />
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() =>
                void signOut().then(() =>
                  window.location.assign(`/connection?next=${encodeURIComponent(SCAN_PATH)}`),
                )
              }
            >
              {t('scan.signOut')}
            </Button>
          </Group>
        </Group>
        <Box component="main" id="main" tabIndex={-1} bg="white" p="sm" style={{ borderRadius: 12 }}>
          <PageBoundary>
            <Suspense fallback={<PageLoader />}>
              <ScannerPage />
            </Suspense>
          </PageBoundary>
        </Box>
      </Container>
    </Box>
  );
}

export function start(container: HTMLElement): void {
  // No session: sign in first, then come back here (the sign-in page honours `next`).
  if (sessionStore.getState().token === null) {
    window.location.replace(`/connection?next=${encodeURIComponent(SCAN_PATH)}`);
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
