import { LOCALES } from '@guichet/shared/i18n';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { setFlash } from '../../lib/flash';
import { useTranslation } from '../../lib/i18n';
import { leaveFor } from '../../lib/public-paths';
import { signOut } from '../../lib/session/actions';
import { useSessionState } from '../../lib/session/use-session';
import { useChangeLanguage } from './use-change-language';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { user, role } = useSessionState();
  const { locale, change } = useChangeLanguage();
  const name = user?.displayName ?? user?.email ?? '';

  async function handleSignOut() {
    setFlash('toasts.signedOut');
    await leaveFor('/connection', signOut());
  }

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* Its accessible name holds the visible name and role (WCAG 2.5.3), then what the button opens. */}
        <UnstyledButton
          aria-label={compact ? t('nav.userMenu', { name }) : undefined}
          p={4}
          style={{ borderRadius: 8 }}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar color="blue" radius="xl" size={34} aria-hidden="true">
              {initials(name)}
            </Avatar>
            {!compact && (
              <div>
                <Text size="sm" fw={600} lh={1.2} truncate="end" maw={160}>
                  {name}
                </Text>
                {role && (
                  <Text size="xs" c="dimmed" lh={1.2}>
                    {t(`roles.${role}`)}
                  </Text>
                )}
                <span className="visually-hidden">{t('nav.userMenuSuffix')}</span>
              </div>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email}</Menu.Label>
        <Menu.Item component={Link} to="/profile">
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/edit-password">
          {t('nav.editPassword')}
        </Menu.Item>
        <Menu.Item component={Link} to="/create-organization">
          {t('nav.createOrganization')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LOCALES.map((value) => (
          <Menu.Item
            key={value}
            lang={value}
            onClick={() => void change(value)}
            rightSection={value === locale ? '✓' : undefined}
            aria-current={value === locale ? 'true' : undefined}
          >
            {t(`language.${value}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void handleSignOut()}>
          {t('nav.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
