import { Button, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/i18n';
import { useMemberLists } from './api/list-member-lists';
import { CreateMemberListModal } from './create-member-list-modal';
import { MemberListPanel } from './member-list-panel';

/** The address parameter of the open list: reloading or sharing the link opens it again. */
const LIST_PARAM = 'list';

/** `/customers/list`: the lists, the create-member-list modal, and the open list's members and history. */
export function MemberListsView() {
  const { t } = useTranslation();
  const lists = useMemberLists();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const open = (listId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(LIST_PARAM, listId);
      return next;
    });
  const all = lists.data ?? [];
  const current = all.find((list) => list.id === params.get(LIST_PARAM)) ?? all[0];

  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button onClick={() => setCreating(true)}>{t('memberLists.create.open')}</Button>
      </Group>
      {lists.isPending ? (
        <Skeleton height={120} />
      ) : !lists.data ? (
        <FormError error={lists.error} />
      ) : all.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{t('memberLists.none')}</Text>
            <Text c="dimmed">{t('memberLists.noneBody')}</Text>
          </Stack>
        </Paper>
      ) : (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Paper
            withBorder
            p="xs"
            component="nav"
            aria-label={t('memberLists.all')}
            style={{ flex: '1 1 220px', maxWidth: 320 }}
          >
            <Stack gap={2}>
              {all.map((list) => (
                <UnstyledButton
                  key={list.id}
                  onClick={() => open(list.id)}
                  aria-current={list.id === current?.id ? 'true' : undefined}
                  p="xs"
                  bg={list.id === current?.id ? 'blue.0' : undefined}
                  style={{ borderRadius: 4 }}
                >
                  <Text fw={list.id === current?.id ? 700 : 500}>{list.name}</Text>
                  <Text size="xs" c="dimmed">
                    {t('memberLists.memberCount', { count: list.memberCount })}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </Paper>
          <div style={{ flex: '999 1 480px', minWidth: 0 }}>
            {current && <MemberListPanel list={current} />}
          </div>
        </Group>
      )}
      <CreateMemberListModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(list) => {
          setCreating(false);
          open(list.id);
        }}
      />
    </Stack>
  );
}
