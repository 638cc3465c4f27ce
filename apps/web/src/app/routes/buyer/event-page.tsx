import type { PublicEvent } from '@guichet/shared/orders';
import '../../../features/buyer/buyer.css';
import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { coverSource, usePublicEvent } from '../../../features/buyer/api/get-public-event';
import { fitQuantities, type Quantities, shortTypes } from '../../../features/buyer/cart';
import { type BuyerDetails, CheckoutForm } from '../../../features/buyer/checkout-form';
import { formatEventDate, formatEventEnd } from '../../../features/buyer/format';
import { LoadFailed } from '../../../features/buyer/load-failed';
import { TicketPicker } from '../../../features/buyer/ticket-picker';
import { landingOf, trackVisit } from '../../../features/buyer/visits';
import { useTranslation } from '../../../lib/i18n';
import { eventSlugsOf, navigate } from '../../buyer/navigation';

/** `/e/:orgSlug/:eventSlug`: the event, its tickets, and the checkout as a second step of the same page. */
export default function EventPage({ address }: { address: URL }) {
  const { t } = useTranslation();
  const { orgSlug, eventSlug } = eventSlugsOf(address.pathname);
  const { state, reload, retry } = usePublicEvent(orgSlug, eventSlug);
  // First-party visit, once per page load: sent as the page opens, beside the event's read.
  // The server's prerender of the page has no document (and records no visit: effects do not run there).
  const landing = useRef(typeof document === 'undefined' ? {} : landingOf(address, document.referrer));
  useEffect(() => trackVisit({ orgSlug, eventSlug }, 'visit', landing.current), [orgSlug, eventSlug]);

  const title =
    state.kind === 'ready'
      ? state.event.name
      : t(state.kind === 'missing' ? 'buyer.event.notFoundTitle' : 'buyer.event.loadFailed');
  useEffect(() => {
    if (state.kind !== 'loading') document.title = `${title} · ${t('app.name')}`;
  }, [state.kind, title, t]);

  if (state.kind === 'loading') {
    return (
      <Center mih={320} role="status" aria-live="polite">
        <Loader aria-label={t('buyer.event.loading')} />
      </Center>
    );
  }
  if (state.kind === 'missing') {
    return (
      <Stack>
        <Title order={1}>{t('buyer.event.notFoundTitle')}</Title>
        <Text>{t('buyer.event.notFoundBody')}</Text>
      </Stack>
    );
  }
  if (state.kind === 'failed') {
    return (
      <LoadFailed
        title={t('buyer.event.loadFailed')}
        error={state.error}
        retryLabel={t('buyer.event.retry')}
        onRetry={retry}
      />
    );
  }
  return <EventView event={state.event} orgSlug={orgSlug} eventSlug={eventSlug} reload={reload} />;
}

function EventView({
  event,
  orgSlug,
  eventSlug,
  reload,
}: {
  event: PublicEvent;
  orgSlug: string;
  eventSlug: string;
  reload: () => Promise<PublicEvent>;
}) {
  const { t, locale } = useTranslation();
  const [quantities, setQuantities] = useState<Quantities>({});
  const [step, setStep] = useState<'tickets' | 'details'>('tickets');
  const [notice, setNotice] = useState<string | null>(null);
  const [buyer, setBuyer] = useState<BuyerDetails>({ name: '', email: '' });
  const moved = useRef(false);

  // Each step's heading mounts when the step opens: moving between the steps puts the focus on it, for
  // keyboard and screen reader users (not on the first load, which starts at the top of the page).
  const stepHeading = useCallback((node: HTMLHeadingElement | null) => {
    if (node && moved.current) node.focus();
  }, []);

  function goTo(next: 'tickets' | 'details') {
    if (next === 'details') trackVisit({ orgSlug, eventSlug }, 'checkout');
    moved.current = true;
    setStep(next);
  }

  /** A sold-out answer: fresh availability, quantities that still fit, and which type ran short. */
  async function onSoldOut() {
    const fresh = await reload().catch(() => null);
    const types = fresh?.ticketTypes ?? event.ticketTypes;
    const short = shortTypes(types, quantities);
    const gone = event.ticketTypes.filter(
      (type) => (quantities[type.id] ?? 0) > 0 && !types.some((other) => other.id === type.id),
    );
    const names = [...short, ...gone].map((type) => type.name);
    setQuantities(fitQuantities(types, quantities));
    setNotice(
      names.length > 0
        ? t('buyer.checkout.soldOutTypes', { names: new Intl.ListFormat(locale).format(names) })
        : t('buyer.checkout.soldOut'),
    );
    goTo('tickets');
  }

  const venue = event.venue;
  const mapLink =
    venue?.latitude != null && venue.longitude != null
      ? `https://www.openstreetmap.org/?mlat=${venue.latitude}&mlon=${venue.longitude}#map=16/${venue.latitude}/${venue.longitude}`
      : null;

  const cover = coverSource(event);

  return (
    <Stack gap="lg">
      {cover && (
        // Decorative: the event's name is the heading right below.
        <img src={cover} alt="" className="buyer-cover" />
      )}
      <Stack gap={6} component="header">
        <Text size="sm" c="dimmed">
          {t('buyer.event.organisedBy', { name: event.organization.name })}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.2}>
          {event.name}
        </Title>
        <dl className="buyer-facts">
          <dt>{t('buyer.event.when')}</dt>
          <dd>
            <time dateTime={event.startsAt}>{formatEventDate(event.startsAt, event.timeZone, locale)}</time>
            {' – '}
            <time dateTime={event.endsAt}>
              {formatEventEnd(event.startsAt, event.endsAt, event.timeZone, locale)}
            </time>
          </dd>
          <dt>{t('buyer.event.where')}</dt>
          <dd>
            {venue ? (
              <>
                {venue.name && <span className="buyer-venue-name">{venue.name}</span>}
                {venue.address && <span>{venue.address}</span>}
                {mapLink && (
                  <Anchor href={mapLink} target="_blank" rel="noopener noreferrer" size="sm">
                    {t('buyer.event.openMap')}
                  </Anchor>
                )}
              </>
            ) : (
              t('buyer.event.online')
            )}
          </dd>
        </dl>
      </Stack>

      {step === 'tickets' ? (
        <TicketPicker
          headingRef={stepHeading}
          types={event.ticketTypes}
          quantities={quantities}
          notice={notice}
          onChange={(next) => {
            setQuantities(next);
            setNotice(null);
          }}
          onContinue={() => goTo('details')}
        />
      ) : (
        <CheckoutForm
          headingRef={stepHeading}
          event={event}
          quantities={quantities}
          onBack={() => goTo('tickets')}
          onSoldOut={onSoldOut}
          onPlaced={(order) => {
            // A card order goes on to Stripe's page; the buyer comes back to the order page from there.
            if (order.checkoutUrl) window.location.assign(order.checkoutUrl);
            else navigate(`/checkout/firebase?order=${encodeURIComponent(order.code)}`);
          }}
          slugs={{ orgSlug, eventSlug }}
          buyer={buyer}
          onBuyerChange={setBuyer}
        />
      )}

      {event.description && (
        <section aria-labelledby="about-event">
          <Title order={2} size="h3" id="about-event" mb="xs">
            {t('buyer.event.about')}
          </Title>
          {/* The server sanitises event descriptions when they are saved (an allow-list of tags and
              attributes), which is the only reason this HTML may be inserted as it is. */}
          <div
            className="buyer-description"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, see above.
            dangerouslySetInnerHTML={{ __html: event.description }}
          />
        </section>
      )}
    </Stack>
  );
}
