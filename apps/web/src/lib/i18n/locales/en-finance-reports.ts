/** The strings of /finances' documents, VAT, cash-up and reports tabs, part of the payments part. */
export const enFinanceReports = {
  financeReports: {
    loading: 'Loading',
    tabs: {
      summary: 'Summary',
      documents: 'Documents',
      cashUp: 'Cash-up',
      vatSettings: 'VAT settings',
    },
    ordersCsv: 'Orders with their money (CSV)',
    vat: {
      title: 'VAT by rate',
      intro: 'Prices include VAT. Sales count on the day they were paid, refunds on the day they were made.',
      notRegistered: 'The organisation is not registered for VAT: no VAT is charged on new sales.',
      empty: 'No sale or refund in this period.',
      csv: 'VAT report (CSV)',
      tableLabel: 'VAT by rate in {{currency}}',
      rate: 'Rate',
      sales: 'Sales incl. VAT',
      refunds: 'Refunds incl. VAT',
      gross: 'Total incl. VAT',
      vat: 'VAT',
      net: 'Total excl. VAT',
    },
    cashUp: {
      intro:
        'What staff took for the period: box office and door sales, and offline orders marked paid, by event, person and method.',
      csv: 'Cash-up (CSV)',
      empty: 'Staff took no money in this period.',
      tableLabel: 'Cash-up',
      event: 'Event',
      staff: 'Staff member',
      formerStaff: 'Former staff member',
      channel: 'Where',
      methodLabel: 'Method',
      count: 'Payments',
      amount: 'Amount',
      channels: { offline: 'Offline order marked paid', box_office: 'Box office and door' },
      method: { cash: 'Cash', card: 'Card', transfer: 'Transfer', other: 'Other', none: 'Not said' },
    },
    documents: {
      empty: 'No receipt, invoice or credit note yet.',
      tableLabel: 'Receipts, invoices and credit notes',
      reference: 'Number',
      kind: 'Document',
      order: 'Order',
      billedTo: 'Billed to',
      issuedAt: 'Issued',
      amount: 'Amount',
      download: 'Download',
      downloadOne: 'Download {{reference}} (PDF)',
      more: 'Show more',
      kinds: { receipt: 'Receipt', invoice: 'Invoice', credit_note: 'Credit note' },
    },
    vatSettings: {
      intro:
        'Used for the tickets sold from now on: a ticket keeps the VAT computed when it was sold. Prices always include VAT.',
      registered: 'Registered for VAT',
      number: 'VAT number',
      numberRequired: 'A registered organisation has a VAT number.',
      rates: 'Rates (%)',
      ratesHint: 'Separated by spaces, e.g. 20 10 5.5 2.1',
      ratesInvalid: 'Rates are percentages from 0 to 100, with at most two decimals.',
      defaultRate: 'Default rate',
      defaultRateHint: 'For ticket types without a rate of their own.',
      notRegistered: 'Not registered: tickets are sold without VAT and documents say VAT is not applicable.',
      save: 'Save',
      saved: 'VAT settings saved.',
    },
  },
};

/** The shape every language must fill completely. */
export type FinanceReportsTranslation = DeepStrings<typeof enFinanceReports>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
