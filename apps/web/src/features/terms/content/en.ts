import type { TermsDocument } from './types';

export const termsEn: TermsDocument = {
  updated: 'Last updated: 1 June 2025',
  intro:
    'These terms govern the use of Guichet, the back office in which organisations create events, sell tickets, manage their customers and check tickets at the door. By creating an account or using the service, you accept them on your own behalf and on behalf of the organisation you act for.',
  sections: [
    {
      heading: '1. Who operates the service',
      paragraphs: [
        'The service is operated by the entity that runs this installation of Guichet (the "operator"). Its contact details appear in the invitation or contract through which you received access. Questions about these terms can be sent to that contact.',
      ],
    },
    {
      heading: '2. Accounts',
      paragraphs: [
        'You must give a real name and an e-mail address you control, keep your password secret and tell the organisation’s administrators at once if you think someone else has used your account.',
        'An account belongs to one person. Staff of an organisation each use their own account; the permissions they receive (all, events, finances, dashboard, customers, scanning) are decided by the organisation’s administrators.',
        'You can delete your account at any time from your profile, unless you are the last administrator of an organisation that still has other staff: give the administrator permission to someone else first.',
      ],
    },
    {
      heading: '3. Organisations and their responsibility',
      paragraphs: [
        'The organisation that runs an event is the seller of its tickets. It alone sets prices, capacities, refund rules and conditions of entry, and it answers to its buyers for the event taking place as announced.',
        'The organisation is responsible for the lawfulness of its events and of the content it publishes, and for having a legal basis to process the personal data of its customers, including when it sends them e-mails.',
      ],
    },
    {
      heading: '4. Payments',
      paragraphs: [
        'Paid tickets are collected either offline by the organisation (cash, bank transfer, at the door) or through Stripe. Card payments are processed by Stripe under its own terms, on an account that belongs to the organisation; the operator never holds the buyers’ money.',
        'Fees charged by payment providers are set by them. Refunds are decided by the organisation and made through the same provider as the payment.',
      ],
    },
    {
      heading: '5. Acceptable use',
      paragraphs: [
        'You must not use the service to sell tickets for events that do not exist, to send unsolicited messages, to break the law, to access data you have no right to, or to disrupt the service or its security (including automated access beyond normal use).',
        'The operator may suspend an account or an organisation that breaks these rules, after notice where the situation allows it.',
      ],
    },
    {
      heading: '6. Personal data',
      paragraphs: [
        'The operator processes staff account data (name, e-mail address, language, sign-in records) to provide the service and keep it secure. For customer data, the organisation is the controller and the operator acts as its processor, only on its instructions.',
        'Data is kept while the account or organisation exists, then deleted or anonymised, except where the law requires keeping it longer (for example accounting records). You can ask for access to, correction or erasure of your data through the operator’s contact.',
        'The service uses only the cookies it needs to work: a secure sign-in cookie and a cookie that remembers the organisation you selected. It uses no advertising trackers.',
      ],
    },
    {
      heading: '7. Availability and changes',
      paragraphs: [
        'The operator takes care to keep the service available and secure, but cannot promise it will be free of interruptions. Planned maintenance is announced in advance where possible.',
        'The service evolves: features may be added or changed. When these terms change in a way that matters, you will be told before the change applies; continuing to use the service afterwards means accepting the new terms.',
      ],
    },
    {
      heading: '8. Liability',
      paragraphs: [
        'To the extent the law allows, the operator is not liable for indirect losses, nor for the organisation of events, which remains the responsibility of each organisation. Nothing in these terms limits rights that consumers hold under mandatory law.',
      ],
    },
    {
      heading: '9. Ending the service',
      paragraphs: [
        'You may stop using the service at any time. An organisation can export its data before closing. The operator may end the service with reasonable notice, giving organisations time to retrieve their data.',
      ],
    },
    {
      heading: '10. Applicable law',
      paragraphs: [
        'These terms are governed by the law of the country where the operator is established. Disputes are first settled amicably; failing that, they go before the courts that law designates.',
      ],
    },
  ],
};
