import type { CustomerFilters } from '@guichet/shared/customers';
import type { MailingAudience, MailingKind } from '@guichet/shared/mailings';
import { Button, Group, Radio, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { type ComponentType, type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '../../components/form-error';
import { LimitedTextInput } from '../../components/limited-text';
import { useCreateMailing } from './api/create-mailing';
import { useMailingsTranslation as useTranslation } from './i18n';

export interface BodyEditorProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}

type AudienceChoice = 'list' | 'filter';

/**
 * The compose form: marketing to a member list or to the customers filtered on the customers page (their
 * filters arrive in the address), or an event update to one event's ticket holders. Saved as a draft; the
 * mailing's page previews it, test-sends it and sends it.
 */
export function MailingCompose({
  lists,
  events,
  filters,
  BodyEditor,
}: {
  lists: { id: string; name: string }[];
  events: { id: string; name: string }[];
  /** The customers page's filters, as the API reads them; null when none were given. */
  filters: Record<string, string> | null;
  BodyEditor: ComponentType<BodyEditorProps>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateMailing();
  const [kind, setKind] = useState<MailingKind>('marketing');
  const [choice, setChoice] = useState<AudienceChoice>(filters ? 'filter' : 'list');
  const [listId, setListId] = useState<string | null>(lists[0]?.id ?? null);
  const [eventId, setEventId] = useState<string | null>(events[0]?.id ?? null);
  const [subject, setSubject] = useState('');
  const [bodyHtml, setBodyHtml] = useState('');

  const audience: MailingAudience | null =
    kind === 'event-update'
      ? eventId
        ? { kind: 'event', eventId }
        : null
      : choice === 'filter'
        ? filters
          ? // The API validates and coerces the filters as it does for the customers list.
            { kind: 'filter', filters: filters as unknown as CustomerFilters }
          : null
        : listId
          ? { kind: 'list', listId }
          : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!audience) return;
    create.mutate(
      { kind, audience, subject, bodyHtml },
      { onSuccess: (mailing) => navigate(`/customers/mailings/${mailing.id}`) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        <Stack gap={4}>
          <Text fw={500} size="sm" id="mailing-kind">
            {t('mailings.form.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="mailing-kind"
            value={kind}
            onChange={(value) => setKind(value as MailingKind)}
            data={[
              { value: 'marketing', label: t('mailings.kind.marketing') },
              { value: 'event-update', label: t('mailings.kind.event-update') },
            ]}
          />
          <Text size="xs" c="dimmed">
            {t('mailings.form.kindHelp')}
          </Text>
        </Stack>
        {kind === 'marketing' ? (
          <Radio.Group
            label={t('mailings.form.audience')}
            value={choice}
            onChange={(value) => setChoice(value as AudienceChoice)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="list" label={t('mailings.form.list')} />
              {choice === 'list' && (
                <Select
                  aria-label={t('mailings.form.list')}
                  data={lists.map((list) => ({ value: list.id, label: list.name }))}
                  value={listId}
                  onChange={setListId}
                  allowDeselect={false}
                />
              )}
              <Radio value="filter" label={t('mailings.form.filter')} disabled={!filters} />
              {!filters && (
                <Text size="xs" c="dimmed">
                  {t('mailings.form.filterNone')}
                </Text>
              )}
            </Stack>
          </Radio.Group>
        ) : (
          <Select
            label={t('mailings.form.event')}
            data={events.map((e) => ({ value: e.id, label: e.name }))}
            value={eventId}
            onChange={setEventId}
            allowDeselect={false}
            required
          />
        )}
        <LimitedTextInput
          label={t('mailings.form.subject')}
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          limit={200}
          required
        />
        <BodyEditor
          label={t('mailings.form.body')}
          description={t('mailings.form.bodyHelp')}
          value={bodyHtml}
          onChange={setBodyHtml}
        />
        <FormError error={create.error} />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={create.isPending}
            disabled={!audience || !subject.trim() || !bodyHtml}
          >
            {t('mailings.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
