import { Anchor, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { PageSection } from '../../../components/page-section';
import { ApiTokensSection } from '../../../features/integrations/components/api-tokens-section';
import { WebhooksSection } from '../../../features/integrations/components/webhooks-section';
import { useIntegrationsTranslation } from '../../../features/integrations/i18n';

/** `/settings/integrations`: API tokens, webhooks and the API reference (decision 034). */
export default function IntegrationsPage() {
  const { t } = useIntegrationsTranslation();
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader route="/settings/integrations">
        <Text c="dimmed">{t('integrations.intro')}</Text>
      </PageHeader>
      <PageSection id="integrations-tokens" title={t('integrations.tokens.title')}>
        <ApiTokensSection />
      </PageSection>
      <PageSection id="integrations-webhooks" title={t('integrations.webhooks.title')}>
        <WebhooksSection />
      </PageSection>
      <PageSection id="integrations-reference" title={t('integrations.reference')}>
        <Stack gap="xs">
          <Text size="sm">{t('integrations.referenceHelp')}</Text>
          <Anchor href="/api/docs" target="_blank" rel="noopener">
            /api/docs
          </Anchor>
        </Stack>
      </PageSection>
    </Stack>
  );
}
