import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { isBot } from '../../lib/bot';
import { useTranslation } from '../../lib/i18n';

/**
 * The friendly screen for a fatal error. Links are plain anchors: the router may be what broke.
 * Bots get nothing (spec §2).
 */
export function ErrorScreen() {
  const { t } = useTranslation();
  if (isBot()) return null;
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack maw={480} gap="md" align="center" ta="center">
        <Title order={1}>{t('pages.error')}</Title>
        <Text>{t('errorScreen.body')}</Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>{t('errorScreen.reload')}</Button>
          <Button component="a" href="/" variant="default">
            {t('errorScreen.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
