import { type AppRoute, ROUTE_ACCESS } from '@guichet/shared/permissions';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { ROUTE_META } from '../../lib/route-meta';

/** What the guard leaves in the location's state when it sends a staff member away from a page. */
export interface DeniedState {
  denied: AppRoute;
}

function deniedOf(state: unknown): AppRoute | null {
  if (typeof state !== 'object' || state === null || !('denied' in state)) return null;
  const denied = (state as { denied: unknown }).denied;
  return typeof denied === 'string' && denied in ROUTE_ACCESS ? (denied as AppRoute) : null;
}

// The notice's own strings travel in its chunk (loaded only after a redirect), not in the shell's catalogue.
const STRINGS = {
  en: {
    title: 'You cannot open “{page}”',
    body: 'It needs one of these permissions in this organisation: {needs}. Ask an administrator of the organisation if you need it; meanwhile, here is a page you can open.',
    or: ', or ',
    close: 'Close this notice',
  },
  fr: {
    title: 'Vous ne pouvez pas ouvrir « {page} »',
    body: 'Il faut l’une de ces permissions dans cette organisation : {needs}. Demandez-la à un administrateur de l’organisation si vous en avez besoin ; en attendant, voici une page que vous pouvez ouvrir.',
    or: ', ou ',
    close: 'Fermer ce message',
  },
} as const;

/**
 * On the page a staff member lands on after being sent away from one they may not open: which page, what
 * it needs, whom to ask. Closing it forgets it (the location's state), as does any other navigation.
 */
export default function AccessDeniedNotice() {
  const { t, locale } = useTranslation();
  const strings = STRINGS[locale === 'fr' ? 'fr' : 'en'];
  const location = useLocation();
  const navigate = useNavigate();
  const denied = deniedOf(location.state);
  if (!denied) return null;
  const access = ROUTE_ACCESS[denied];
  const needs =
    access.kind === 'permission'
      ? access.anyOf.map((permission) => t(`teams.permission.${permission}`)).join(strings.or)
      : '';
  const close = () => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  return (
    <Paper withBorder p="sm" mb="md" role="status" bg="orange.0">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Text fw={700} size="sm">
            {strings.title.replace('{page}', t(`pages.${ROUTE_META[denied].title}`))}
          </Text>
          <Text size="sm">{strings.body.replace('{needs}', needs)}</Text>
        </div>
        <Button variant="subtle" color="dark" size="compact-sm" onClick={close}>
          {strings.close}
        </Button>
      </Group>
    </Paper>
  );
}
