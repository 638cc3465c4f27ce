import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BalanceNotFound, fakeBalance } from './stripe-balance';
import { hostedPages, type OnboardingLink } from './stripe-hosted';
import { now, parseForm, stripeSignature } from './stripe-wire';

export { parseForm, stripeSignature } from './stripe-wire';

/**
 * Test support: a Stripe look-alike on 127.0.0.1 speaking the part of Stripe's REST API that the app's
 * SDK calls (form-encoded bodies, bearer key, `Stripe-Account` for direct charges, Idempotency-Key), with
 * the two hosted pages a browser clicks through: Connect onboarding and Checkout. Webhooks it sends are
 * signed exactly as Stripe signs them (`t=…,v1=HMAC-SHA256(secret, "t.payload")`), so the app verifies
 * them with the SDK's own `webhooks.constructEvent`.
 */

type Json = Record<string, unknown>;

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed (the app's webhook endpoint); can be set later. */
  webhookUrl?: string;
  /** Delivers an event instead of POSTing it (API tests hand it to `app.inject`); answers the status. */
  deliver?: (payload: string, signature: string) => Promise<number>;
  port?: number;
}

interface Account {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  metadata: Json;
  created: number;
}

interface Intent {
  id: string;
  account: string;
  amount: number;
  refunded: number;
  currency: string;
  applicationFee: number;
  /** The charge and its balance transaction, in Stripe's documented shapes. */
  charge: string;
  balanceTransaction: Json;
}

/**
 * Stripe's processing fee on a European card in the fake: 1.5 % + 25 minor units (rounded), never more
 * than what the platform's fee leaves.
 */
export function fakeProcessingFee(amount: number, applicationFee: number) {
  return Math.min(Math.round(amount * 0.015) + 25, Math.max(0, amount - applicationFee));
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function startFakeStripe(options: FakeStripeOptions) {
  const accounts = new Map<string, Account>();
  const links = new Map<string, OnboardingLink>();
  const sessions = new Map<string, Json & { id: string; account: string }>();
  const intents = new Map<string, Intent>();
  const refunds: Json[] = [];
  const idempotent = new Map<string, { status: number; body: Json }>();
  const deliveries: { id: string; type: string; status: number }[] = [];
  const sentEvents: Json[] = [];
  const requests: { method: string; path: string; account: string | null }[] = [];
  let base = '';

  const state = {
    webhookUrl: options.webhookUrl,
    /** Makes the next API calls fail with a 500 (to test the app's handling of Stripe outages). */
    failNext: 0,
    /** Makes the next refunds end `failed` (as Stripe does for a charge it cannot refund): no money moves. */
    refuseRefunds: 0,
  };

  function event(type: string, object: Json, account: string | null) {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-01-28',
      created: now(),
      type,
      account: account ?? undefined,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
  }

  /** Signs and sends an event to the app; answers the status the app gave. */
  async function send(payloadObject: Json, signWith = options.webhookSecret): Promise<number> {
    sentEvents.push(payloadObject);
    const payload = JSON.stringify(payloadObject, null, 2);
    const signature = stripeSignature(payload, signWith);
    let status: number;
    if (options.deliver) status = await options.deliver(payload, signature);
    else if (state.webhookUrl) {
      const response = await fetch(state.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
      });
      status = response.status;
    } else status = 0;
    deliveries.push({ id: String(payloadObject.id), type: String(payloadObject.type), status });
    return status;
  }

  const balance = fakeBalance((type, object, account) => send(event(type, object, account)));

  function sessionView(session: Json & { id: string; account: string }): Json {
    // A session left open past its time is expired, as Stripe does it.
    if (session.status === 'open' && Number(session.expires_at) <= now()) {
      session.status = 'expired';
      session.url = null;
    }
    const { account: _account, ...view } = session;
    return view;
  }

  function completeOnboarding(accountId: string) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    account.details_submitted = true;
    account.charges_enabled = true;
    account.payouts_enabled = true;
    return send(event('account.updated', { ...account }, account.id));
  }

  /** What the hosted checkout page's Pay button does: the payment succeeds and the event is sent. */
  async function pay(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new StripeError(404, `No such checkout.session: '${sessionId}'`, 'resource_missing');
    sessionView(session);
    if (session.status !== 'open') throw new StripeError(400, 'This Checkout Session is no longer active.');
    const amount = Number(session.amount_total);
    const currency = String(session.currency);
    const applicationFee = Number(
      (session.payment_intent_data as Json | undefined)?.application_fee_amount ?? 0,
    );
    const charge = newId('ch');
    const stripeFee = fakeProcessingFee(amount, applicationFee);
    // A direct charge's balance transaction on the connected account: the fee is Stripe's plus the
    // platform's application fee, each in `fee_details`.
    const balanceTransaction: Json = {
      id: newId('txn'),
      object: 'balance_transaction',
      amount,
      currency,
      fee: stripeFee + applicationFee,
      fee_details: [
        {
          amount: stripeFee,
          application: null,
          currency,
          description: 'Stripe processing fees',
          type: 'stripe_fee',
        },
        ...(applicationFee > 0
          ? [
              {
                amount: applicationFee,
                application: 'ca_guichet_test',
                currency,
                description: 'Guichet application fee',
                type: 'application_fee',
              },
            ]
          : []),
      ],
      net: amount - stripeFee - applicationFee,
      reporting_category: 'charge',
      source: charge,
      status: 'pending',
      type: 'charge',
      created: now(),
      available_on: now() + 2 * 86_400,
    };
    const intent: Intent = {
      id: newId('pi'),
      account: session.account,
      amount,
      refunded: 0,
      currency,
      applicationFee,
      charge,
      balanceTransaction,
    };
    intents.set(intent.id, intent);
    balance.add(session.account, balanceTransaction as never, {
      id: charge,
      object: 'charge',
      amount,
      currency,
      payment_intent: intent.id,
      balance_transaction: balanceTransaction.id,
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
      url: null,
    });
    const completed = event('checkout.session.completed', sessionView(session), session.account);
    const status = await send(completed);
    return { event: completed, status, successUrl: String(session.success_url) };
  }

  function api(
    method: string,
    path: string,
    params: Json,
    account: string | null,
    /** The query string (GET parameters such as `expand[]`), as sent. */
    query = '',
  ): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/accounts') {
      const account: Account = {
        id: newId('acct'),
        object: 'account',
        type: String(params.type ?? 'express'),
        email: (params.email as string | undefined) ?? null,
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        metadata: (params.metadata as Json | undefined) ?? {},
        created: now(),
      };
      accounts.set(account.id, account);
      return { status: 200, body: { ...account } };
    }
    let match = /^\/v1\/accounts\/([\w]+)$/.exec(path);
    if (method === 'GET' && match) {
      const found = accounts.get(match[1] ?? '');
      if (!found) throw new StripeError(404, `No such account: '${match[1]}'`, 'resource_missing');
      return { status: 200, body: { ...found } };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const accountId = String(params.account ?? '');
      if (!accounts.has(accountId)) throw new StripeError(400, `No such account: '${accountId}'`);
      if (!params.return_url || !params.refresh_url)
        throw new StripeError(400, 'Missing return_url or refresh_url');
      const token = randomBytes(16).toString('hex');
      links.set(token, {
        account: accountId,
        returnUrl: String(params.return_url),
        refreshUrl: String(params.refresh_url),
        used: false,
      });
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `${base}/connect/onboarding/${token}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const connected = account ? accounts.get(account) : undefined;
      if (!connected)
        throw new StripeError(400, 'Direct charges need the Stripe-Account header of a connected account.');
      if (!connected.charges_enabled)
        throw new StripeError(400, 'This account cannot currently make live charges.');
      const lines = (params.line_items as Json[] | undefined) ?? [];
      if (lines.length === 0) throw new StripeError(400, 'line_items is required in payment mode.');
      let amount = 0;
      let currency = '';
      for (const line of lines) {
        const price = (line.price_data ?? {}) as Json;
        const unit = Number(price.unit_amount);
        const quantity = Number(line.quantity);
        if (!Number.isInteger(unit) || unit < 0 || !Number.isInteger(quantity) || quantity < 1)
          throw new StripeError(400, 'Invalid line item.');
        amount += unit * quantity;
        currency = String(price.currency ?? '');
      }
      const expiresAt = params.expires_at ? Number(params.expires_at) : now() + 86_400;
      // Stripe's rule: a session lives between 30 minutes and 24 hours.
      if (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 86_400)
        throw new StripeError(400, 'expires_at must be between 30 minutes and 24 hours from now.');
      const intentData = (params.payment_intent_data ?? {}) as Json;
      const fee = Number(intentData.application_fee_amount ?? 0);
      if (fee > amount) throw new StripeError(400, 'application_fee_amount cannot exceed the amount.');
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        account: account as string,
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency,
        customer_email: params.customer_email ?? null,
        client_reference_id: params.client_reference_id ?? null,
        locale: params.locale ?? null,
        metadata: params.metadata ?? {},
        payment_intent: null,
        payment_intent_data: { application_fee_amount: fee },
        line_items_summary: lines.map((line) => ({
          name: String(((line.price_data as Json).product_data as Json | undefined)?.name ?? ''),
          quantity: Number(line.quantity),
          unit_amount: Number((line.price_data as Json).unit_amount),
        })),
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        expires_at: expiresAt,
        created: now(),
        url: `${base}/checkout/pay/${id}`,
      };
      sessions.set(id, session);
      return { status: 200, body: sessionView(session) };
    }
    match = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (match) {
      const session = sessions.get(match[1] ?? '');
      if (!session || session.account !== account)
        throw new StripeError(404, `No such checkout.session: '${match[1]}'`, 'resource_missing');
      if (method === 'GET' && !match[2]) return { status: 200, body: sessionView(session) };
      if (method === 'POST' && match[2]) {
        sessionView(session);
        if (session.status !== 'open')
          throw new StripeError(400, `Only Checkout Sessions with a status of open can be expired.`);
        Object.assign(session, { status: 'expired', url: null });
        return { status: 200, body: sessionView(session) };
      }
    }
    match = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && match) {
      const intent = intents.get(match[1] ?? '');
      if (!intent || intent.account !== account)
        throw new StripeError(404, `No such payment_intent: '${match[1]}'`, 'resource_missing');
      const expanded = query.includes('latest_charge');
      const charge = {
        id: intent.charge,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: intent.refunded,
        currency: intent.currency,
        payment_intent: intent.id,
        balance_transaction: query.includes('latest_charge.balance_transaction')
          ? intent.balanceTransaction
          : intent.balanceTransaction.id,
      };
      return {
        status: 200,
        body: {
          id: intent.id,
          object: 'payment_intent',
          amount: intent.amount,
          currency: intent.currency,
          application_fee_amount: intent.applicationFee,
          status: 'succeeded',
          latest_charge: expanded ? charge : intent.charge,
        },
      };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(params.payment_intent ?? ''));
      if (!intent || intent.account !== account)
        throw new StripeError(404, `No such payment_intent: '${params.payment_intent}'`, 'resource_missing');
      const amount = params.amount === undefined ? intent.amount - intent.refunded : Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1) throw new StripeError(400, 'Invalid amount.');
      if (intent.refunded + amount > intent.amount)
        throw new StripeError(
          400,
          'Refund amount is greater than unrefunded amount on charge.',
          'amount_too_large',
        );
      const common = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        metadata: params.metadata ?? {},
        account,
        created: now(),
      };
      if (state.refuseRefunds > 0) {
        state.refuseRefunds -= 1;
        const refused = { ...common, status: 'failed', failure_reason: 'charge_for_pending_refund_disputed' };
        refunds.push(refused);
        return { status: 200, body: refused };
      }
      intent.refunded += amount;
      const refund = {
        ...common,
        status: 'succeeded',
        refund_application_fee: params.refund_application_fee === 'true',
      };
      refunds.push(refund);
      balance.refund(intent.account, { ...refund, charge: intent.charge });
      return { status: 200, body: refund };
    }
    throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const hosted = hostedPages({ links, sessions, sessionView, pay, completeOnboarding });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const method = request.method ?? 'GET';
        const url = new URL(request.url ?? '/', base);
        const account = (request.headers['stripe-account'] as string | undefined) ?? null;
        const json = (status: number, body: Json) => {
          response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
          response.end(JSON.stringify(body));
        };
        try {
          if (url.pathname === '/health') {
            response.writeHead(200, { 'content-type': 'text/plain' });
            response.end('ok');
            return;
          }
          if (!url.pathname.startsWith('/v1/')) {
            if (await hosted(method, url.pathname, response)) return;
            return json(404, { error: { type: 'invalid_request_error', message: 'Not found' } });
          }
          requests.push({ method, path: url.pathname, account });
          if (request.headers.authorization !== `Bearer ${options.secretKey}`)
            return json(401, {
              error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
            });
          if (state.failNext > 0) {
            state.failNext -= 1;
            return json(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
          }
          const key = request.headers['idempotency-key'] as string | undefined;
          const scope = key ? `${account ?? ''}:${method}:${url.pathname}:${key}` : undefined;
          const replay = scope ? idempotent.get(scope) : undefined;
          if (replay) return json(replay.status, replay.body);
          const balanceAnswer = balance.api(method, url.pathname, url.searchParams, account);
          const answer = balanceAnswer
            ? { status: 200, body: balanceAnswer as Json }
            : api(
                method,
                url.pathname,
                parseForm(Buffer.concat(chunks).toString('utf8')),
                account,
                decodeURIComponent(url.search),
              );
          if (scope) idempotent.set(scope, answer);
          json(answer.status, answer.body);
        } catch (error) {
          if (error instanceof BalanceNotFound)
            return json(404, {
              error: { type: 'invalid_request_error', message: error.message, code: 'resource_missing' },
            });
          if (error instanceof StripeError)
            return json(error.status, {
              error: {
                type: 'invalid_request_error',
                message: error.message,
                ...(error.code ? { code: error.code } : {}),
              },
            });
          json(500, { error: { type: 'api_error', message: String(error) } });
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    state,
    accounts,
    sessions,
    intents,
    refunds,
    deliveries,
    /** Every event sent, in order (to redeliver one as Stripe may). */
    sentEvents,
    requests,
    /** Balance transactions and payouts of the connected accounts. */
    balance,
    completeOnboarding,
    pay,
    /** Sends any event, signed with the right secret unless another is given (bad-signature tests). */
    send: (type: string, object: Json, account: string | null, secret?: string) =>
      send(event(type, object, account), secret),
    /** Sends exactly this event again (redelivery), freshly signed. */
    resend: (payload: Json) => send(payload),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
