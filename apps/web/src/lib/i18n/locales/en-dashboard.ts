/** The dashboard's figures, events and what needs attention (/), loaded after the page's frame. */
export const enDashboard = {
  overview: {
    figuresTitle: 'Figures',
    period: 'Period',
    presets: { today: 'Today', last7: 'Last 7 days', last30: 'Last 30 days', thisMonth: 'This month' },
    comparedWith: 'Each figure is compared with the previous period of the same length.',
    status: { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', stopped: 'Not live' },
    error: 'The figures could not be loaded.',
    retry: 'Try again',
    noSales: 'No sales in this period yet.',
    noPrevious: 'Nothing before',
    change: '{{value}}%',
    previous: 'before: {{value}}',
    openRows: '{{figure}}: {{value}}. Open the rows behind it',
    ordersCount_one: '{{count}} order',
    ordersCount_other: '{{count}} orders',
    chartTitle: 'Sales over time ({{currency}})',
    chartLabel: 'Sales in {{currency}} from {{from}} to {{to}}',
    figures: {
      gross: 'Revenue (gross)',
      net: 'Revenue (net)',
      refunds: 'Refunds',
      averageOrder: 'Average order',
      orders: 'Orders',
      tickets: 'Tickets sold',
      newCustomers: 'New customers',
      returningCustomers: 'Returning customers',
      checkIns: 'Check-ins',
    },
    events: {
      title: 'Events',
      now: 'Happening now',
      upcoming: 'Upcoming',
      none: 'No upcoming published event.',
      inside: '{{inside}} inside now · {{checkedIn}} checked in',
      sold_one: '{{count}} ticket sold',
      sold_other: '{{count}} tickets sold',
      soldOf: '{{sold}} of {{capacity}} tickets sold',
      fill: 'Filled at {{percent}}%',
      pace_one: '{{count}} ticket sold in the last 7 days',
      pace_other: '{{count}} tickets sold in the last 7 days',
      comparable: '{{name}} had sold {{sameTime}} at the same time before it ({{total}} in all)',
    },
    attention: {
      title: 'Needs attention',
      none: 'Nothing needs attention.',
      kinds: {
        'offline-unpaid_one': '{{event}}: {{count}} offline order unpaid for more than 7 days',
        'offline-unpaid_other': '{{event}}: {{count}} offline orders unpaid for more than 7 days',
        'refund-failed_one': '{{count}} refund failed',
        'refund-failed_other': '{{count}} refunds failed',
        'email-failed_one': '{{count}} e-mail could not be sent',
        'email-failed_other': '{{count}} e-mails could not be sent',
        'near-capacity_one': '{{event}} is nearly full',
        'near-capacity_other': '{{event}} is nearly full',
        'no-checkin-list_one': '{{event}} has no check-in list yet',
        'no-checkin-list_other': '{{event}} has no check-in list yet',
        'checkin-conflicts_one': '{{event}}: {{count}} open check-in conflict',
        'checkin-conflicts_other': '{{event}}: {{count}} open check-in conflicts',
        'mailing-stopped_one': '{{count}} mailing stopped (failed or paused for over an hour)',
        'mailing-stopped_other': '{{count}} mailings stopped (failed or paused for over an hour)',
        'payouts-unreconciled_one': '{{count}} Stripe payout does not reconcile',
        'payouts-unreconciled_other': '{{count}} Stripe payouts do not reconcile',
      },
    },
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language must fill completely for the dashboard. */
export type DashboardTranslation = DeepStrings<typeof enDashboard>;

export default enDashboard;
