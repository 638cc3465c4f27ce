import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';

/** Spec §2: unknown routes show "Page Not Found" with a go-back action to the root path. */
export default function NotFoundLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" ta="center" maw={480} gap="md">
        <Text fz={64} fw={800} c="dimmed" aria-hidden="true">
          404
        </Text>
        <Title order={1}>{t('pages.notFound')}</Title>
        <Text>{t('notFound.body')}</Text>
        <Button onClick={() => void navigate('/')}>{t('notFound.goBack')}</Button>
      </Stack>
    </Center>
  );
}
