import {
  EMITTED_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@guichet/shared/integrations';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FormError } from '../../../components/form-error';
import { LimitedTextInput } from '../../../components/limited-text';
import { useCreateWebhook } from '../api/create-webhook';
import { useIntegrationsTranslation } from '../i18n';
import { eventTypeLabel } from './format';

const EMITTED: readonly string[] = EMITTED_WEBHOOK_EVENT_TYPES;

/** Adding an endpoint: URL, description, event types; the answer's secret goes to `onCreated`. */
export function CreateWebhookModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useIntegrationsTranslation();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<WebhookEventType[]>([]);

  const close = () => {
    setUrl('');
    setDescription('');
    setEventTypes([]);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), description, eventTypes },
      {
        onSuccess: (result) => {
          close();
          onCreated(result.secret);
        },
      },
    );
  };

  return (
    <AppModal opened={opened} onClose={close} title={t('integrations.webhooks.add')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('integrations.webhooks.url')}
            description={t('integrations.webhooks.urlHelp')}
            placeholder="https://"
            type="url"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            required
          />
          <LimitedTextInput
            label={t('integrations.webhooks.description')}
            value={description}
            limit={200}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Checkbox.Group
            label={t('integrations.webhooks.eventTypes')}
            description={t('integrations.webhooks.eventTypesHelp')}
            value={eventTypes}
            onChange={(next) => setEventTypes(WEBHOOK_EVENT_TYPES.filter((type) => next.includes(type)))}
            withAsterisk
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={
                    EMITTED.includes(type)
                      ? eventTypeLabel(t, type)
                      : `${eventTypeLabel(t, type)} (${t('integrations.webhooks.notYetSent')})`
                  }
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <FormError error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('integrations.webhooks.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!url.trim() || eventTypes.length === 0}
            >
              {t('integrations.webhooks.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
