import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t } from './i18n';

export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;
const NOTIFICATION_ID = 'guichet-update-available';

export async function fetchDeployedBuildId(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetcher(`/build.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' ? body.buildId : null;
  } catch {
    return null;
  }
}

function showUpdateNotification(): void {
  notifications.show({
    id: NOTIFICATION_ID,
    title: t('update.title'),
    color: 'blue',
    autoClose: false,
    withCloseButton: true,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{t('update.body')}</Text>
        <Button size="xs" onClick={() => window.location.reload()}>
          {t('update.reload')}
        </Button>
      </Group>
    ),
  });
}

/** Production only: polls `/build.json` every 5 minutes and on focus; offers a reload when it changed. */
export function startBuildCheck(): () => void {
  if (!import.meta.env.PROD) return () => {};
  let shown = false;
  const check = async () => {
    if (shown) return;
    const deployed = await fetchDeployedBuildId();
    if (deployed && deployed !== BUILD_ID) {
      shown = true;
      showUpdateNotification();
    }
  };
  const interval = window.setInterval(check, BUILD_CHECK_INTERVAL_MS);
  const onFocus = () => void check();
  window.addEventListener('focus', onFocus);
  return () => {
    window.clearInterval(interval);
    window.removeEventListener('focus', onFocus);
  };
}
