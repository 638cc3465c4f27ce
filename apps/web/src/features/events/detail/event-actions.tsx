import type { EventDetail, EventStatus } from '@guichet/shared/events';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LimitedTextarea } from '../../../components/limited-text';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session/use-session';
import { toastError, toastSuccess } from '../../../lib/toasts';
import { useDevice } from '../../../lib/use-device';
import { type StatusChange, useChangeEventStatus } from '../api/change-event-status';
import { useDuplicateEvent } from '../api/duplicate-event';

export const isEditable = (status: EventStatus) => status === 'draft' || status === 'published';

type Confirmed = 'unpublish' | 'cancel' | 'archive';

/**
 * What can be done to the event in its status, as the API allows it: publish a draft, take a published
 * event back to draft, cancel either (with a reason), archive once it has ended, duplicate any. The
 * changes buyers would notice ask first.
 */
export function EventActions({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const { phoneLayout } = useDevice();
  const navigate = useNavigate();
  const status = useChangeEventStatus(event.id);
  const duplicate = useDuplicateEvent(event.id);
  const { organization } = useSession();
  const [asking, setAsking] = useState<Confirmed | null>(null);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const ended = Date.parse(event.endsAt) <= Date.now();
  const name = event.name;

  function close() {
    setAsking(null);
    setReason('');
    setReasonMissing(false);
    status.reset();
  }

  function ask(kind: Confirmed) {
    status.reset();
    setAsking(kind);
  }

  function change(request: StatusChange, done: string) {
    status.mutate(request, {
      onSuccess: () => {
        toastSuccess(done);
        close();
      },
      // Inside a dialog the dialog shows the failure; otherwise a toast does.
      onError: (error) => (asking ? undefined : toastError(error)),
    });
  }

  function confirmAsked() {
    if (asking === 'cancel') {
      if (!reason.trim()) return setReasonMissing(true);
      return change(
        { action: 'cancel', reason: reason.trim() },
        t('eventEditor.actions.cancelled', { name }),
      );
    }
    if (asking === 'unpublish')
      change({ action: 'unpublish' }, t('eventEditor.actions.unpublished', { name }));
    if (asking === 'archive') change({ action: 'archive' }, t('eventEditor.actions.archived', { name }));
  }

  const size = phoneLayout ? 'sm' : 'md';
  return (
    <Group gap="xs" wrap="wrap">
      {event.status === 'draft' && (
        <Button
          size={size}
          loading={status.isPending && !asking}
          onClick={() => change({ action: 'publish' }, t('eventEditor.actions.published', { name }))}
        >
          {t('eventEditor.actions.publish')}
        </Button>
      )}
      {event.status === 'published' && organization && (
        // A full page load: the buyer's page is its own light app, outside the back office's router.
        <Button
          size={size}
          variant="default"
          component="a"
          href={`/e/${organization.slug}/${event.slug}`}
          target="_blank"
          rel="noopener"
        >
          {t('eventEditor.actions.publicPage')}
        </Button>
      )}
      {event.status === 'published' && (
        <Button size={size} variant="default" onClick={() => ask('unpublish')}>
          {t('eventEditor.actions.unpublish')}
        </Button>
      )}
      <Button
        size={size}
        variant="default"
        loading={duplicate.isPending}
        onClick={() =>
          duplicate.mutate(undefined, {
            onSuccess: (copy) => {
              toastSuccess(t('eventEditor.actions.duplicated', { name: copy.name }));
              void navigate(`/events/${copy.id}`);
            },
            onError: (error) => toastError(error),
          })
        }
      >
        {t('eventEditor.actions.duplicate')}
      </Button>
      {ended && event.status !== 'archived' && (
        <Button size={size} variant="default" onClick={() => ask('archive')}>
          {t('eventEditor.actions.archive')}
        </Button>
      )}
      {isEditable(event.status) && (
        <Button size={size} variant="light" color="red" onClick={() => ask('cancel')}>
          {t('eventEditor.actions.cancel')}
        </Button>
      )}

      <ConfirmModal
        opened={asking !== null}
        title={asking ? t(`eventEditor.actions.${asking}Title`, { name }) : ''}
        body={asking ? t(`eventEditor.actions.${asking}Body`) : ''}
        confirmLabel={asking ? t(`eventEditor.actions.${asking}Confirm`) : ''}
        danger={asking === 'cancel'}
        dismissLabel={asking === 'cancel' ? t('eventEditor.actions.keep') : undefined}
        pending={status.isPending}
        error={status.error}
        onConfirm={confirmAsked}
        onClose={close}
      >
        {asking === 'cancel' && (
          <LimitedTextarea
            label={t('eventEditor.actions.cancelReason')}
            description={t('eventEditor.actions.cancelReasonHint')}
            value={reason}
            onChange={(input) => {
              setReason(input.currentTarget.value);
              setReasonMissing(false);
            }}
            error={reasonMissing ? t('eventEditor.problems.required') : undefined}
            limit={1000}
            autosize
            minRows={3}
            required
            data-autofocus
          />
        )}
      </ConfirmModal>
    </Group>
  );
}
