import { Box, Container, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Brand } from '../../components/brand';
import { LanguageSelect } from '../components/language-select';

/** Sign-in, registration, password recovery, organisation creation, terms. */
export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Container size={560} p={0}>
        <Group component="header" justify="space-between" mb="md" wrap="nowrap">
          <Brand />
          <LanguageSelect />
        </Group>
        <Paper component="main" id="main" tabIndex={-1} withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
