import { randomBytes } from 'node:crypto';
import { now } from './stripe-wire';

/**
 * Test support: the fake Stripe's balance of each connected account, in Stripe's documented shapes.
 * Every charge and refund the fake makes adds a balance transaction; a payout gathers those not paid out
 * yet (plus any recorded ones a test adds, such as a fixture's adjustment or a type the app does not know)
 * and has its own `payout` balance transaction. Lists page like Stripe's (`limit`, `starting_after`,
 * `has_more`), and `expand[]=data.source` expands a charge's or a refund's source.
 */

type Json = Record<string, unknown>;

export interface BalanceTransaction extends Json {
  id: string;
  object: 'balance_transaction';
  amount: number;
  currency: string;
  fee: number;
  fee_details: Json[];
  net: number;
  type: string;
  source: string | null;
  created: number;
}

export interface Payout extends Json {
  id: string;
  object: 'payout';
  amount: number;
  currency: string;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  arrival_date: number;
  created: number;
  balance_transaction: string;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class BalanceNotFound extends Error {}

export function fakeBalance(send: (type: string, object: Json, account: string) => Promise<number>) {
  /** Per account, its balance transactions in the order they happened. */
  const transactions = new Map<string, BalanceTransaction[]>();
  /** Which payout took each balance transaction. */
  const paidOutBy = new Map<string, string>();
  /** The objects behind sources, for `expand[]=data.source`. */
  const sources = new Map<string, Json>();
  const payouts = new Map<string, Payout & { account: string }>();
  const state = { pageSize: 100 };

  function add(account: string, transaction: BalanceTransaction, source?: Json) {
    const list = transactions.get(account) ?? [];
    list.push(transaction);
    transactions.set(account, list);
    if (source && transaction.source) sources.set(transaction.source, source);
    return transaction;
  }

  /** A refund's balance transaction: the money leaves the balance, no fee. */
  function refund(account: string, refundObject: Json & { id: string; amount: number; currency: string }) {
    return add(
      account,
      {
        id: newId('txn'),
        object: 'balance_transaction',
        amount: -refundObject.amount,
        currency: refundObject.currency,
        fee: 0,
        fee_details: [],
        net: -refundObject.amount,
        reporting_category: 'refund',
        source: refundObject.id,
        status: 'pending',
        type: 'refund',
        description: 'REFUND FOR CHARGE',
        created: now(),
        available_on: now(),
      },
      refundObject,
    );
  }

  /**
   * A payout of everything not paid out yet on the account, plus `extra` recorded balance transactions
   * (their ids made fresh so one fixture serves many tests). Sends `payout.created`.
   */
  async function createPayout(
    account: string,
    options: {
      extra?: Json[];
      arrivalDate?: number;
      /** Sends no event (a webhook Stripe failed to deliver: the catch-up finds it). */
      silent?: boolean;
    } = {},
  ) {
    for (const recorded of options.extra ?? []) {
      add(account, {
        ...(structuredClone(recorded) as BalanceTransaction),
        id: newId('txn'),
        created: now(),
      });
    }
    const due = (transactions.get(account) ?? []).filter((t) => !paidOutBy.has(t.id));
    if (due.length === 0) throw new Error('nothing to pay out');
    const currency = due[0]?.currency ?? 'eur';
    const amount = due.reduce((sum, t) => sum + t.net, 0);
    const id = newId('po');
    const own = add(account, {
      id: newId('txn'),
      object: 'balance_transaction',
      amount: -amount,
      currency,
      fee: 0,
      fee_details: [],
      net: -amount,
      reporting_category: 'payout',
      source: id,
      status: 'available',
      type: 'payout',
      description: 'STRIPE PAYOUT',
      created: now(),
      available_on: now(),
    });
    for (const t of [...due, own]) paidOutBy.set(t.id, id);
    const payout: Payout & { account: string } = {
      id,
      object: 'payout',
      account,
      amount,
      arrival_date: options.arrivalDate ?? now() + 2 * 86_400,
      automatic: true,
      balance_transaction: own.id,
      created: now(),
      currency,
      description: 'STRIPE PAYOUT',
      destination: 'ba_fake_bank_account',
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: {},
      method: 'standard',
      reconciliation_status: 'in_progress',
      source_type: 'card',
      statement_descriptor: null,
      status: 'pending',
      type: 'bank_account',
    };
    payouts.set(id, payout);
    if (!options.silent) await send('payout.created', view(payout), account);
    return view(payout);
  }

  /** Moves a payout on (`in_transit`, `paid`, `failed`, `canceled`) and sends Stripe's two events. */
  async function setPayoutStatus(payoutId: string, status: Payout['status'], silent = false) {
    const payout = payouts.get(payoutId);
    if (!payout) throw new Error(`no payout ${payoutId}`);
    payout.status = status;
    if (status === 'paid') payout.reconciliation_status = 'completed';
    if (status === 'failed') {
      // The money comes back to the balance, to be paid out again with the next payout.
      const back = add(payout.account, {
        id: newId('txn'),
        object: 'balance_transaction',
        amount: payout.amount,
        currency: payout.currency,
        fee: 0,
        fee_details: [],
        net: payout.amount,
        reporting_category: 'payout_reversal',
        source: payout.id,
        status: 'available',
        type: 'payout_failure',
        description: 'PAYOUT FAILURE',
        created: now(),
        available_on: now(),
      });
      Object.assign(payout, {
        failure_balance_transaction: back.id,
        failure_code: 'account_closed',
        failure_message: 'The bank account has been closed.',
      });
    }
    if (silent) return view(payout);
    await send('payout.updated', view(payout), payout.account);
    if (status === 'paid' || status === 'failed' || status === 'canceled')
      await send(`payout.${status}`, view(payout), payout.account);
    return view(payout);
  }

  function view(payout: Payout & { account: string }): Payout {
    const { account: _account, ...rest } = payout;
    return structuredClone(rest) as Payout;
  }

  /** Newest first, `limit` capped at the fake's page size, after `starting_after`. */
  function page<T extends { id: string }>(items: T[], query: URLSearchParams, url: string) {
    const limit = Math.min(Number(query.get('limit') ?? 10), state.pageSize);
    const after = query.get('starting_after');
    const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
    const data = items.slice(start, start + limit);
    return { object: 'list', data, has_more: start + limit < items.length, url };
  }

  /** Answers the balance part of the REST API, or null when the path is not one of it. */
  function api(method: string, path: string, query: URLSearchParams, account: string | null) {
    if (method !== 'GET' || !account) return null;
    if (path === '/v1/payouts') {
      const since = Number(query.get('created[gte]') ?? 0);
      const list = [...payouts.values()]
        .filter((p) => p.account === account && p.created >= since)
        .reverse()
        .map(view);
      return page(list, query, '/v1/payouts');
    }
    const match = /^\/v1\/payouts\/([\w]+)$/.exec(path);
    if (match) {
      const payout = payouts.get(match[1] ?? '');
      if (!payout || payout.account !== account) throw new BalanceNotFound(`No such payout: '${match[1]}'`);
      return view(payout);
    }
    if (path === '/v1/balance_transactions') {
      const payoutId = query.get('payout');
      // `expand[]=` or `expand[0]=` (the SDK numbers array items).
      const expand = [...query].some(([key, value]) => key.startsWith('expand[') && value === 'data.source');
      const list = (transactions.get(account) ?? [])
        .filter((t) => !payoutId || paidOutBy.get(t.id) === payoutId)
        .reverse()
        .map((t) => {
          const copy = structuredClone(t);
          if (expand && t.source && sources.has(t.source))
            copy.source = structuredClone(sources.get(t.source)) as never;
          return copy;
        });
      return page(list, query, '/v1/balance_transactions');
    }
    return null;
  }

  return { state, payouts, transactions, add, refund, createPayout, setPayoutStatus, api };
}

export type FakeBalance = ReturnType<typeof fakeBalance>;
