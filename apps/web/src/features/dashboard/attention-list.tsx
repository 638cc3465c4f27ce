import type { AttentionItem } from '@guichet/shared/dashboard';
import { Anchor, Button, Card, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { eventPath } from '../../lib/event-resource';
import { useTranslation } from '../../lib/i18n';

/** Where each kind of item is fixed: the event's page, or the finances page for money. */
function whereFixed(
  item: AttentionItem,
  may: { events: boolean; finances: boolean; mailings?: boolean },
): string | null {
  if (item.eventId) return may.events ? eventPath(item.eventId) : null;
  if (item.kind === 'mailing-stopped') return may.mailings ? '/customers/mailings' : null;
  if (item.kind === 'refund-failed') return may.finances ? '/finances' : null;
  if (item.kind === 'payouts-unreconciled') return may.finances ? '/finances/payouts' : null;
  return may.events ? '/events' : null;
}

/** What needs attention, each item leading to where it is fixed when the member may open that page. */
export function AttentionList({
  items,
  may,
  more,
}: {
  items: AttentionItem[];
  may: { events: boolean; finances: boolean; mailings?: boolean };
  /** The next page, when the list has one. */
  more?: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useTranslation();
  if (items.length === 0)
    return (
      <Card withBorder padding="md">
        <Text c="dimmed">{t('overview.attention.none')}</Text>
      </Card>
    );
  return (
    <Card withBorder padding="md">
      <List spacing="xs">
        {items.map((item) => {
          const text = t(`overview.attention.kinds.${item.kind}`, {
            count: item.count,
            event: item.eventName ?? '',
          });
          const to = whereFixed(item, may);
          return (
            <List.Item key={`${item.kind}-${item.eventId ?? 'all'}`}>
              {to ? (
                <Anchor component={Link} to={to}>
                  {text}
                </Anchor>
              ) : (
                text
              )}
            </List.Item>
          );
        })}
      </List>
      {more?.hasNextPage && (
        <Button
          variant="subtle"
          mt="xs"
          loading={more.isFetchingNextPage}
          onClick={() => void more.fetchNextPage()}
        >
          {t('teams.loadMore')}
        </Button>
      )}
    </Card>
  );
}
