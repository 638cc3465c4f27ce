import { Anchor, Button, Skeleton } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useMatches, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCustomerEvents } from '../../../features/customers/api/list-customer-events';
import { useMemberLists } from '../../../features/customers/api/list-member-lists';
import { customersQuery, filtersFromParams, hasActiveFilters } from '../../../features/customers/filters';
import { RichTextEditor } from '../../../features/events/editor/rich-text-editor';
import { useMailing } from '../../../features/mailings/api/get-mailing';
import { useMailingsTranslation as useTranslation } from '../../../features/mailings/i18n';
import { MailingCompose } from '../../../features/mailings/mailing-compose';
import { MailingDetail } from '../../../features/mailings/mailing-detail';
import { MailingsList } from '../../../features/mailings/mailings-list';
import { isRouteHandle } from '../../../lib/route-meta';

/**
 * The mailings pages in one chunk, chosen by the route that matched: the list, the compose form and a
 * mailing's page. The compose form borrows the events' rich-text field and the customers' lists, events
 * and filters (a page composes features).
 */
export default function MailingsSectionPage() {
  const route = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle)?.route;
  if (route === '/customers/mailings/new') return <ComposePage />;
  if (route === '/customers/mailings/:id') return <MailingPage />;
  return <ListPage />;
}

function ListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader route="/customers/mailings" title={t('mailings.title')}>
        <Button component={Link} to="/customers/mailings/new" style={{ alignSelf: 'flex-start' }}>
          {t('mailings.write')}
        </Button>
      </PageHeader>
      <MailingsList />
    </>
  );
}

function ComposePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const lists = useMemberLists();
  const events = useCustomerEvents();
  // The customers page's filters (its address), as the API reads them: sort and direction say nothing of who.
  const filters = useMemo(() => {
    const chosen = filtersFromParams(params);
    if (!hasActiveFilters(chosen)) return null;
    const query = customersQuery(chosen);
    query.delete('sort');
    query.delete('direction');
    return Object.fromEntries(query);
  }, [params]);
  return (
    <>
      <PageHeader route="/customers/mailings/new" title={t('mailings.newTitle')}>
        <BackToMailings />
      </PageHeader>
      {lists.isPending || events.isPending ? (
        <Skeleton height={320} />
      ) : (
        <MailingCompose
          lists={lists.data ?? []}
          events={events.data ?? []}
          filters={filters}
          BodyEditor={RichTextEditor}
        />
      )}
    </>
  );
}

function BackToMailings() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/customers/mailings" size="sm">
      {t('mailings.title')}
    </Anchor>
  );
}

function MailingPage() {
  const { id = '' } = useParams();
  const mailing = useMailing(id);
  return (
    <>
      <PageHeader route="/customers/mailings/:id" title={mailing.data?.subject}>
        <BackToMailings />
      </PageHeader>
      <MailingDetail mailingId={id} />
    </>
  );
}
