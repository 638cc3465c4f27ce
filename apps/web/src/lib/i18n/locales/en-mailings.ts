/** The mailings pages' strings, carried in their chunk (features/mailings/i18n.ts): the app shell has no room left. */
export const enMailings = {
  mailings: {
    title: 'Mailings',
    newTitle: 'New mailing',
    write: 'Write a mailing',
    toCustomers: 'Customers',
    empty: 'No mailing yet.',
    more: 'Show more',
    columns: { subject: 'Subject', kind: 'Kind', status: 'Status', progress: 'Progress', created: 'Created' },
    kind: { marketing: 'Marketing', 'event-update': 'Event update' },
    status: {
      draft: 'Draft',
      sending: 'Sending',
      paused: 'Paused',
      cancelled: 'Cancelled',
      sent: 'Sent',
      failed: 'Failed',
    },
    recipientStatus: {
      queued: 'Queued',
      sent: 'Sent',
      'skipped-suppressed': 'Skipped: unsubscribed or bounced',
      'skipped-no-consent': 'Skipped: no consent',
      failed: 'Failed',
      cancelled: 'Cancelled',
    },
    form: {
      kind: 'Kind',
      kindHelp:
        'Marketing goes only to people who agreed to hear from you; an event update goes to ticket holders.',
      audience: 'Send to',
      list: 'Member list',
      filter: 'The customers filtered on the customers page',
      filterNone: 'Filter the customers list first, then choose “Write a mailing to these customers”.',
      event: 'Event',
      subject: 'Subject',
      body: 'Message',
      bodyHelp:
        'Paragraphs, bold, italic, lists and links (https or mailto) are kept; anything else is removed.',
      save: 'Save as draft',
    },
    actions: {
      send: 'Send',
      pause: 'Pause',
      resume: 'Resume',
      cancel: 'Cancel mailing',
      test: 'Send me a test',
      testSent: 'Test sent to {{to}}',
      confirmSend: 'Send this mailing now? It leaves at the configured rate.',
      confirmCancel: 'Cancel this mailing? Whoever has not received it yet will not.',
      keep: 'Keep it',
    },
    preview: { title: 'Preview', en: 'English', fr: 'French' },
    progress: '{{done}} of {{total}} handled',
    preparing: 'Adding recipients…',
    recipients: 'Recipients',
    recipientColumns: { email: 'E-mail', name: 'Name', status: 'Status', when: 'When', error: 'Error' },
    allStatuses: 'All statuses',
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export type MailingsTranslation = DeepStrings<typeof enMailings>;
