import { AppShell, Box, Burger, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { useTranslation } from '../../lib/i18n';
import { useDevice } from '../../lib/use-device';
import { NavLinks } from '../components/nav-links';
import { OrganizationSwitcher } from '../components/organization-switcher';
import { UserMenu } from '../components/user-menu';

const NAVBAR_WIDTH = 240;

// Shown only after the guard sent someone away from a page: its own chunk, out of the shell's budget.
const AccessDeniedNotice = lazy(() => import('../components/access-denied-notice'));

/** The back office frame: header with organisation and account, navigation (a drawer on phones). */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname, state } = useLocation();
  const denied = typeof state === 'object' && state !== null && 'denied' in state;

  useEffect(() => {
    if (pathname) drawer.close();
  }, [pathname, drawer.close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={phoneLayout ? undefined : { width: NAVBAR_WIDTH, breakpoint: 1 }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header px={{ base: 'sm', sm: 'md' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {phoneLayout && (
              <Burger
                opened={drawerOpened}
                onClick={drawer.toggle}
                size="sm"
                aria-label={drawerOpened ? t('nav.closeNavigation') : t('nav.openNavigation')}
                aria-expanded={drawerOpened}
                aria-controls="guichet-navigation-drawer"
              />
            )}
            <Brand />
            {!phoneLayout && (
              <Box ml="md" miw={0}>
                <OrganizationSwitcher />
              </Box>
            )}
          </Group>
          <UserMenu compact={phoneLayout} />
        </Group>
      </AppShell.Header>

      {!phoneLayout && (
        <AppShell.Navbar p="sm" style={{ overflowY: 'auto' }}>
          <NavLinks />
        </AppShell.Navbar>
      )}

      {phoneLayout && (
        <Drawer
          id="guichet-navigation-drawer"
          opened={drawerOpened}
          onClose={drawer.close}
          size="80%"
          title={t('nav.main')}
          closeButtonProps={{ 'aria-label': t('nav.closeNavigation') }}
        >
          <Stack gap="md">
            <OrganizationSwitcher />
            <NavLinks onNavigate={drawer.close} />
          </Stack>
        </Drawer>
      )}

      <AppShell.Main id="main" tabIndex={-1}>
        <Box maw={1200} mx="auto">
          {denied && (
            <Suspense fallback={null}>
              <AccessDeniedNotice />
            </Suspense>
          )}
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
