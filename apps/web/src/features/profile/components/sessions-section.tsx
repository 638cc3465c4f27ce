import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FormError } from '../../../components/form-error';
import { dateTimeFormat } from '../../../lib/date-format';
import { useTranslation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toasts';
import { sessionsQueryOptions } from '../api/list-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** "Firefox on Windows" from a user agent; good enough to recognise one's own devices. */
export function describeUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser =
    [
      ['Edg/', 'Edge'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Chromium/', 'Chromium'],
      ['Safari/', 'Safari'],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? null;
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** `onSignedOutEverywhere`: this device was signed out too; the page leaves for the sign-in page. */
export function SessionsSection({ onSignedOutEverywhere }: { onSignedOutEverywhere: () => void }) {
  const { t, locale } = useTranslation();
  const sessions = useInfiniteQuery(sessionsQueryOptions());
  const revoke = useRevokeSession();
  const everywhere = useSignOutEverywhere();
  const format = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('profileSecurity.sessionsIntro')}
      </Text>
      <FormError error={sessions.error ?? revoke.error ?? everywhere.error} />
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sessions.data?.pages
          .flatMap((page) => page.items)
          .map((session) => {
            const device = describeUserAgent(session.userAgent) ?? t('profileSecurity.unknownDevice');
            return (
              <Group component="li" key={session.id} justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Group gap="xs">
                    <Text fw={500}>{device}</Text>
                    {session.current && <Badge variant="light">{t('profileSecurity.thisDevice')}</Badge>}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('profileSecurity.since', {
                      date: format.format(new Date(session.createdAt)),
                      last: format.format(new Date(session.lastUsedAt)),
                    })}
                  </Text>
                </div>
                {!session.current && (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('profileSecurity.revokeLabel', { device })}
                    loading={revoke.isPending && revoke.variables === session.id}
                    onClick={() =>
                      revoke.mutate(session.id, {
                        onSuccess: () => toastSuccess(t('profileSecurity.revoked')),
                      })
                    }
                  >
                    {t('profileSecurity.revoke')}
                  </Button>
                )}
              </Group>
            );
          })}
      </Stack>
      {sessions.hasNextPage && (
        <Group>
          <Button
            variant="subtle"
            loading={sessions.isFetchingNextPage}
            onClick={() => void sessions.fetchNextPage()}
          >
            {t('teams.loadMore')}
          </Button>
        </Group>
      )}
      <Group>
        <Button
          variant="default"
          color="red"
          loading={everywhere.isPending}
          onClick={() => everywhere.mutate(undefined, { onSuccess: onSignedOutEverywhere })}
        >
          {t('profileSecurity.signOutEverywhere')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('profileSecurity.signOutEverywhereHint')}
        </Text>
      </Group>
    </Stack>
  );
}
