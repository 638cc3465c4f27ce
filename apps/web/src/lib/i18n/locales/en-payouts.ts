/** The payouts page's strings (/finances/payouts), part of the payments part of the catalogue. */
export const enPayouts = {
  payoutsPage: {
    link: 'Payouts and reconciliation',
    intro:
      'Stripe’s payouts to your bank, each balance transaction inside matched to the ledger. A payout that does not add up is flagged here until it is explained.',
    filter: 'Show',
    filters: { flagged: 'To reconcile', all: 'All payouts' },
    loading: 'Loading the payouts',
    error: 'The payouts could not be loaded.',
    retry: 'Try again',
    empty: 'No payout to show.',
    columns: {
      arrival: 'Arrival',
      amount: 'Amount',
      status: 'Status',
      reconciliation: 'Reconciliation',
      matched: 'Matched',
      type: 'Type',
      net: 'Net',
      match: 'Matched to',
    },
    status: {
      pending: 'Pending',
      in_transit: 'In transit',
      paid: 'Paid',
      failed: 'Failed',
      canceled: 'Cancelled',
    },
    reconciliation: {
      pending: 'Not paid yet',
      reconciled: 'Reconciled',
      flagged: 'To reconcile',
      void: 'Nothing to reconcile: no money moved',
    },
    flags: {
      'unmatched-transactions': 'Some transactions are not matched',
      'unknown-type': 'A transaction of a type Guichet does not know',
      'amount-mismatch': 'The matched rows do not add up to the payout',
    },
    open: 'Open payout {{id}}',
    detailTitle: 'Payout {{id}}',
    unknownType: 'unknown type',
    matchedAuto: 'Matched automatically',
    matchedManual: 'Matched by hand',
    unmatched: 'Not matched',
    suggestions: 'Suggestions (same amount, within a week)',
    noSuggestion: 'No ledger row of this amount: record an adjustment with its reason, then match it.',
    matchWith: 'Match with {{label}}',
    matchDone: 'Matched.',
    adjustment: {
      open: 'Record an adjustment',
      title: 'Manual adjustment',
      direction: 'Direction',
      in: 'Money in',
      out: 'Money out',
      amount: 'Amount ({{currency}})',
      reason: 'Reason',
      date: 'Date (empty: now)',
      submit: 'Record',
      done: 'Adjustment recorded.',
      invalidAmount: 'Enter an amount greater than zero.',
      reasonRequired: 'Give a reason of at least three characters.',
    },
    closing: {
      title: 'Closed periods',
      none: 'No period is closed yet.',
      closedThrough: 'Closed through {{date}}: nothing may be added or matched there any more.',
      through: 'Close every day up to',
      submit: 'Close the period',
      confirm: 'Closing is final: adjustments and matches dated up to this day will be refused.',
      done: 'Period closed.',
    },
    accountCodes: {
      title: 'Journal account codes',
      intro:
        'The accounts the journal CSV writes to. A change applies from the first open day: closed periods keep their codes.',
      accounts: {
        customers: 'Customers',
        sales: 'Sales',
        salesReturns: 'Refunds on sales',
        bank: 'Bank',
        stripe: 'Stripe balance',
        cash: 'Cash till',
        fees: 'Fees',
        adjustments: 'Adjustments',
      },
      invalid: 'Letters, digits, dot, dash or underscore; at most 20.',
      submit: 'Save the codes',
      done: 'Account codes saved.',
    },
  },
};

/** The shape every language must fill completely for the payouts page. */
export type PayoutsTranslation = DeepStrings<typeof enPayouts>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default enPayouts;
