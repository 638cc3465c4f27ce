import { checkoutConsentWording } from '@guichet/shared/customer-values';
import { formatMoney } from '@guichet/shared/money';
import type { CreatePublicOrderBody, PublicEvent, PublicOrder } from '@guichet/shared/orders';
import { Alert, Button, Divider, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, lazy, type Ref, Suspense, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../../lib/i18n/error-message';
import { placePublicOrder } from './api/place-order';
import { attendeeNamesOf, missingNames } from './attendee-names';
import { cartOf, type Quantities } from './cart';
import type { CheckoutBilling } from './checkout-invoice';
import { checkoutKey, forgetCheckoutKey } from './idempotency';
import { visitorId } from './visits';

// The company fields and their strings load when the buyer asks for an invoice (the page's size budget).
const CheckoutInvoice = lazy(() => import('./checkout-invoice'));
// Only members-only tickets need the code's field: it loads with them.
const MemberCodeField = lazy(() => import('./member-code-field'));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A second request with the same key while the first is still running: wait, then ask again. */
const IN_PROGRESS_RETRIES = 3;
const IN_PROGRESS_WAIT_MS = 1500;

type FieldErrors = Record<string, string>;

export interface BuyerDetails {
  name: string;
  email: string;
}

/** The second step: who buys, names on the tickets (optional unless the organiser asks), how to pay, then the order. */
export function CheckoutForm({
  headingRef,
  event,
  quantities,
  slugs,
  onBack,
  onSoldOut,
  onPlaced,
  buyer,
  onBuyerChange,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  event: PublicEvent;
  quantities: Quantities;
  slugs: { orgSlug: string; eventSlug: string };
  onBack: () => void;
  onSoldOut: () => Promise<void>;
  onPlaced: (order: PublicOrder) => void;
  /** Kept by the page, so a trip back to the tickets (or a sold-out answer) does not lose them. */
  buyer: BuyerDetails;
  onBuyerChange: (next: BuyerDetails) => void;
}) {
  const { t, locale } = useTranslation();
  const cart = cartOf(event.ticketTypes, quantities);
  const currency = cart.lines[0]?.type.currency ?? 'EUR';
  const offersCard = event.paymentMethods.includes('stripe');
  // Card first when offered: it confirms the order at once; offline stays available.
  const [paidWith, setPaidWith] = useState<'stripe' | 'offline'>(offersCard ? 'stripe' : 'offline');
  const paymentMethod = cart.totalMinor === 0 ? 'free' : offersCard ? paidWith : 'offline';
  const { name, email } = buyer;
  const namesRequired = event.attendeeNamesRequired;
  const [attendees, setAttendees] = useState<Record<string, string[]>>({});
  // Unticked until the buyer ticks it: consent is given, never assumed.
  const [consent, setConsent] = useState(false);
  // Members-only tickets need the one-time code mailed to the buyer's address.
  const gated = cart.lines.some((line) => line.type.membersOnly);
  const [memberCode, setMemberCode] = useState('');
  const [invoiceAsked, setInvoiceAsked] = useState(false);
  const [invoice, setInvoice] = useState<CheckoutBilling>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  function validate(): { errors: FieldErrors; body: CreatePublicOrderBody } {
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('buyer.checkout.nameRequired');
    if (!EMAIL.test(email.trim())) found.email = t('buyer.checkout.emailInvalid');
    const typedCode = memberCode.replace(/[\s-]/g, '');
    if (gated && !/^\d{6}$/.test(typedCode)) found.memberCode = t('buyer.members.codeRequired');
    const lines = cart.lines.map(({ type, quantity }) => {
      const { names, gap } = attendeeNamesOf(attendees[type.id] ?? []);
      if (namesRequired) {
        // The organiser asks for every attendee: each blank name is shown on its own field.
        for (const index of missingNames(names ?? [], quantity)) {
          found[`attendee-${type.id}-${index}`] = t('buyer.checkout.attendeeRequired');
        }
      } else if (gap !== null) found[`attendee-${type.id}-${gap}`] = t('buyer.checkout.attendeeGap');
      return { ticketTypeId: type.id, quantity, ...(names ? { attendeeNames: names } : {}) };
    });
    // After the attendees: the first field in error, in the page's order, gets the focus.
    // Checked by the fields' own chunk; not loaded yet, the company's name is missing.
    if (invoiceAsked) Object.assign(found, invoice?.errors ?? { 'billing-name': 'missing' });
    const body: CreatePublicOrderBody = {
      buyer: { name: name.trim(), email: email.trim() },
      lines,
      paymentMethod,
      locale,
      visitorId: visitorId(),
      ...(consent ? { marketingConsent: true } : {}),
      ...(gated ? { memberCode: typedCode } : {}),
      ...(invoiceAsked && invoice ? { billing: invoice.billing } : {}),
    };
    return { errors: found, body };
  }

  /** Server-side field errors (`body.buyer.email`, ...) shown next to their fields. */
  function serverFieldErrors(error: unknown): FieldErrors {
    if (!isApiError(error) || !Array.isArray(error.details)) return {};
    const found: FieldErrors = {};
    for (const item of error.details as { path?: unknown; message?: unknown }[]) {
      const path = String(item?.path ?? '');
      if (path === 'body.buyer.name') found.name = t('buyer.checkout.nameRequired');
      if (path === 'body.buyer.email') found.email = t('buyer.checkout.emailInvalid');
      if (path.startsWith('body.billing.')) found[`billing-${path.slice(13)}`] = 'refused';
      const line = /^body\.lines\.(\d+)\.attendeeNames$/.exec(path);
      const entry = line ? cart.lines[Number(line[1])] : undefined;
      if (entry) {
        const { names } = attendeeNamesOf(attendees[entry.type.id] ?? []);
        for (const index of missingNames(names ?? [], entry.quantity)) {
          found[`attendee-${entry.type.id}-${index}`] = t('buyer.checkout.attendeeRequired');
        }
      }
    }
    return found;
  }

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    // A ref, not the state: a second click can arrive before the disabled button is rendered.
    if (busy.current) return;
    const { errors: found, body } = validate();
    setErrors(found);
    setFailure(null);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      document.getElementById(`checkout-${firstInvalid}`)?.focus();
      return;
    }
    const scope = event.id;
    const key = checkoutKey(scope, body);
    busy.current = true;
    setSubmitting(true);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const order = await placePublicOrder(slugs.orgSlug, slugs.eventSlug, body, key);
          forgetCheckoutKey(scope);
          onPlaced(order);
          return;
        } catch (error) {
          if (isApiError(error) && error.code === 'request-in-progress' && attempt < IN_PROGRESS_RETRIES) {
            await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_WAIT_MS));
            continue;
          }
          throw error;
        }
      }
    } catch (error) {
      // A final answer (refused, sold out) ends the attempt. No answer, a server failure, a rate limit or a
      // first request still running keep the key, so trying again replays the first order if it was placed.
      const final =
        isApiError(error) &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429 &&
        error.code !== 'request-in-progress';
      if (final) forgetCheckoutKey(scope);
      if (isApiError(error) && error.code === 'sold-out') {
        await onSoldOut();
        return;
      }
      const fields = serverFieldErrors(error);
      // A refused code is shown on the code's field.
      if (isApiError(error) && error.code.startsWith('member-code')) fields.memberCode = errorMessage(error);
      setErrors(fields);
      setFailure(final ? errorMessage(error) : `${errorMessage(error)} ${t('buyer.checkout.retrySafe')}`);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return (
    <Stack component="section" aria-labelledby="buyer-checkout" gap="md">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={2} size="h3" id="buyer-checkout" ref={headingRef} tabIndex={-1}>
          {t('buyer.checkout.title')}
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={onBack} disabled={submitting}>
          {t('buyer.checkout.change')}
        </Button>
      </Group>

      <Paper withBorder p="md" bg="gray.0">
        <Stack gap={4}>
          {cart.lines.map(({ type, quantity }) => (
            <Group key={type.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {quantity} × {type.name}
              </Text>
              <Text size="sm">{formatMoney(type.priceMinor * quantity, type.currency, locale)}</Text>
            </Group>
          ))}
          <Divider my={4} />
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{t('buyer.event.total')}</Text>
            <Text fw={700}>{formatMoney(cart.totalMinor, currency, locale)}</Text>
          </Group>
        </Stack>
      </Paper>

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            id="checkout-name"
            label={t('buyer.checkout.name')}
            autoComplete="name"
            required
            value={name}
            onChange={(change) => onBuyerChange({ ...buyer, name: change.currentTarget.value })}
            error={errors.name}
            size="md"
          />
          <TextInput
            id="checkout-email"
            type="email"
            label={t('buyer.checkout.email')}
            description={t('buyer.checkout.emailHint')}
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(change) => onBuyerChange({ ...buyer, email: change.currentTarget.value })}
            error={errors.email}
            size="md"
          />
          {gated && (
            <Suspense fallback={null}>
              <MemberCodeField
                slugs={slugs}
                email={email}
                code={memberCode}
                onCode={(code) => {
                  setMemberCode(code);
                  setErrors((previous) => ({ ...previous, memberCode: '' }));
                }}
                error={errors.memberCode || undefined}
              />
            </Suspense>
          )}

          <fieldset className="buyer-fieldset">
            <legend>{t('buyer.checkout.attendees')}</legend>
            <Text size="sm" c="dimmed" mb="xs">
              {namesRequired ? t('buyer.checkout.attendeesRequiredHint') : t('buyer.checkout.attendeesHint')}
            </Text>
            <Stack gap="xs">
              {cart.lines.flatMap(({ type, quantity }) =>
                Array.from({ length: quantity }, (_, index) => {
                  const id = `attendee-${type.id}-${index}`;
                  return (
                    <TextInput
                      key={id}
                      id={`checkout-${id}`}
                      label={t('buyer.checkout.attendee', { type: type.name, number: index + 1 })}
                      autoComplete="off"
                      required={namesRequired}
                      value={attendees[type.id]?.[index] ?? ''}
                      onChange={(change) => {
                        const value = change.currentTarget.value;
                        setAttendees((previous) => {
                          const names = [...(previous[type.id] ?? [])];
                          names[index] = value;
                          return { ...previous, [type.id]: Array.from(names, (item) => item ?? '') };
                        });
                      }}
                      error={errors[id]}
                    />
                  );
                }),
              )}
            </Stack>
          </fieldset>

          {/* Native boxes: the buyer's pages have a tight size budget. */}
          <label className="buyer-consent">
            <input
              type="checkbox"
              checked={invoiceAsked}
              onChange={(change) => setInvoiceAsked(change.currentTarget.checked)}
            />
            <span>{t('buyer.documents.askInvoice')}</span>
          </label>
          {invoiceAsked && (
            <Suspense fallback={null}>
              <CheckoutInvoice value={invoice} onChange={setInvoice} errors={errors} />
            </Suspense>
          )}

          <label className="buyer-consent">
            <input
              type="checkbox"
              checked={consent}
              onChange={(change) => setConsent(change.currentTarget.checked)}
            />
            <span>{checkoutConsentWording(locale, event.organization.name)}</span>
          </label>

          <section aria-labelledby="checkout-payment">
            <Text fw={500} size="sm" id="checkout-payment" mb={4}>
              {t('buyer.checkout.payment')}
            </Text>
            {paymentMethod === 'free' || !offersCard ? (
              // One way to pay (free, or offline only): stated, not chosen.
              <Paper withBorder p="sm">
                <Text fw={600}>
                  {paymentMethod === 'free' ? t('buyer.checkout.free') : t('buyer.checkout.offline')}
                </Text>
                <Text size="sm" c="dimmed">
                  {paymentMethod === 'free' ? t('buyer.checkout.freeHint') : t('buyer.checkout.offlineHint')}
                </Text>
              </Paper>
            ) : (
              <Radio.Group
                value={paidWith}
                onChange={(value) => setPaidWith(value === 'offline' ? 'offline' : 'stripe')}
                aria-labelledby="checkout-payment"
              >
                <Stack gap="xs">
                  <Paper withBorder p="sm">
                    <Radio
                      value="stripe"
                      label={t('buyer.checkout.card')}
                      description={t('buyer.checkout.cardHint', { minutes: event.reservationMinutes })}
                    />
                  </Paper>
                  <Paper withBorder p="sm">
                    <Radio
                      value="offline"
                      label={t('buyer.checkout.offline')}
                      description={t('buyer.checkout.offlineHint')}
                    />
                  </Paper>
                </Stack>
              </Radio.Group>
            )}
          </section>

          {/* A live region that is always there, so the message is announced when it appears. */}
          <div role="alert">
            {failure && (
              <Alert color="red" variant="light" role="none">
                {failure}
              </Alert>
            )}
          </div>

          <Button type="submit" size="md" fullWidth loading={submitting}>
            {paymentMethod === 'free'
              ? t('buyer.checkout.placeFree')
              : paymentMethod === 'stripe'
                ? t('buyer.checkout.placeCard', { total: formatMoney(cart.totalMinor, currency, locale) })
                : t('buyer.checkout.place', { total: formatMoney(cart.totalMinor, currency, locale) })}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
