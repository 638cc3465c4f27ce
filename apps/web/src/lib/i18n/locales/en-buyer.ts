import type { BuyerErrorCode } from '../error-codes';
/**
 * The buyer's pages (public event page, checkout, order page): loaded with the core part by the buyer app
 * only, so neither the sign-in pages nor the back office carry them.
 */
export const enBuyer = {
  /** Messages of the error codes only buyers of members-only tickets meet (decision 028). */
  buyerErrors: {
    'member-code-required': 'These tickets are for members: ask for your code, then type it.',
    'member-code-invalid':
      'This code is not valid for this address. Check it, or ask for a new one (after too many wrong tries, a new one is needed).',
    'member-code-expired': 'This code has expired. Ask for a new one.',
    'member-code-used': 'This code was already used for an order. Ask for a new one.',
    'member-not-listed': 'This address is not, or no longer, on a members list for these tickets.',
    'member-limit-reached': 'You already hold as many of these members’ tickets as one member may.',
  } satisfies Record<BuyerErrorCode, string>,
  buyer: {
    event: {
      loading: 'Loading the event…',
      notFoundTitle: 'Event not found',
      notFoundBody: 'This event does not exist or is not on sale. Check the link you were given.',
      loadFailed: 'The event could not be loaded',
      retry: 'Try again',
      organisedBy: 'Organised by {{name}}',
      when: 'When',
      where: 'Where',
      openMap: 'Open in a map',
      online: 'Online event',
      about: 'About the event',
      tickets: 'Tickets',
      noTickets: 'No tickets are on sale for this event at the moment.',
      free: 'Free',
      left_one: '{{count}} left',
      left_other: '{{count}} left',
      soldOut: 'Sold out',
      minPerOrder_one: 'at least {{count}} per order',
      minPerOrder_other: 'at least {{count}} per order',
      maxPerOrder_one: 'up to {{count}} per order',
      maxPerOrder_other: 'up to {{count}} per order',
      fewer: 'One ticket fewer: {{name}}',
      more: 'One ticket more: {{name}}',
      quantity: 'Tickets chosen: {{name}}',
      total: 'Total',
      ticketCount_one: '{{count}} ticket',
      ticketCount_other: '{{count}} tickets',
      continue: 'Continue',
    },
    members: {
      badge: 'Members only: you confirm your address with a code sent to it',
      heading: 'Members’ code',
      intro:
        'These tickets are for members of the organiser’s lists. Ask for a code: if the address above is on a list, it arrives there by e-mail.',
      send: 'Send me a code',
      resend: 'Send a new code',
      sent: 'If {{email}} is on a members list, a code is on its way. It is good for {{minutes}} minutes.',
      code: 'Code from the e-mail',
      codeHint: 'Six digits.',
      codeRequired: 'Type the six-digit code sent to your address.',
    },
    checkout: {
      title: 'Your details',
      change: 'Change tickets',
      name: 'Full name',
      email: 'E-mail address',
      emailHint: 'Your tickets and order confirmation are sent to this address.',
      attendees: 'Names on the tickets',
      attendeesHint: 'Optional: the name of the person who will use each ticket.',
      attendee: '{{type}}, ticket {{number}}',
      attendeeRequired: 'Enter the name of this ticket’s attendee.',
      attendeesRequiredHint: 'The organiser asks for the name of the person who will use each ticket.',
      attendeeGap: 'Fill in this name too, or leave the later ones blank.',
      payment: 'Payment',
      free: 'Free',
      freeHint: 'Nothing to pay: your tickets are issued at once.',
      offline: 'Pay at the door or by bank transfer',
      offlineHint:
        'Your places are kept for you. The organiser tells you how to pay and confirms your order once paid.',
      card: 'Pay by card',
      cardHint: 'Secure payment with Stripe. Your places are held for {{minutes}} minutes while you pay.',
      placeCard: 'Continue to payment ({{total}})',
      placeFree: 'Get my tickets',
      place: 'Place order ({{total}})',
      nameRequired: 'Enter your name.',
      emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
      soldOut:
        'There are not enough places left for this order. The availability is up to date: choose again.',
      soldOutTypes:
        'Not enough places left for {{names}}. The availability is up to date and your choice was adjusted: check it and continue.',
      retrySafe: 'Trying again is safe: the same order is never placed twice.',
    },
    documents: {
      title: 'Receipt and invoice',
      receipt: 'Download the receipt (PDF)',
      invoice: 'Download invoice {{reference}} (PDF)',
      askInvoice: 'Ask for an invoice',
      invoiceHint: 'The invoice is made out to the company you name. Once issued, it cannot be changed.',
      company: 'Company name',
      address: 'Address',
      vatNumber: 'VAT number',
      send: 'Issue the invoice',
      cancel: 'Cancel',
    },
    order: {
      title: 'Your order',
      loading: 'Loading your order…',
      notFoundTitle: 'Order not found',
      notFoundBody:
        'We could not find an order with this code. Use the link in your confirmation e-mail, or contact the organiser.',
      loadFailed: 'Your order could not be loaded',
      checkAgain: 'Check again',
      code: 'Order {{code}}',
      statusLabel: 'Status',
      status: {
        reserved: 'Reserved',
        pending_payment: 'Awaiting payment',
        paid: 'Confirmed',
        cancelled: 'Cancelled',
        expired: 'Expired',
      },
      explain: {
        reserved: 'Your places are held while the payment completes.',
        pending_payment:
          'Your places are kept. Your tickets are issued as soon as the organiser has received your payment; we write to {{email}}.',
        paid: 'Your tickets are below and were sent to {{email}}.',
        cancelled: 'This order was cancelled. Its tickets are no longer valid.',
        expired: 'The reservation ran out before the payment arrived. No tickets were issued.',
      },
      reservedUntil: 'Held until {{time}}.',
      timeLeft: 'Time left to pay: {{time}}',
      continuePayment: 'Continue to payment',
      paymentUnavailable: 'The payment page could not be opened.',
      refunded: '{{amount}} refunded.',
      total_one: 'Total, {{count}} ticket',
      total_other: 'Total, {{count}} tickets',
      watching: 'This page updates by itself.',
      stopped: 'This page no longer updates by itself.',
      howToPay: 'How to pay',
      offlineInstructions:
        'Pay at the door or by bank transfer, as the organiser tells you. Give the order code {{code}} with your payment.',
      ownInstructions:
        'The organiser asks you to pay as follows. Give the order code {{code}} with your payment.',
      downloadPdf: 'Download the tickets (PDF)',
      showLarge: 'Show large',
      previousTicket: 'Previous',
      nextTicket: 'Next',
      allTickets: 'All tickets',
      tickets: 'Your tickets',
      ticketsHint: 'Show each QR code at the entrance, on your phone or printed. Keep them to yourself.',
      ticketNumber: 'Ticket {{number}} of {{count}}',
      addToCalendar: 'Add to calendar (.ics)',
      shortCode: 'Ticket code',
      qr: 'QR code of ticket {{number}}',
    },
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language must fill completely for the buyer's pages. */
export type BuyerTranslation = DeepStrings<typeof enBuyer>;

export default enBuyer;
