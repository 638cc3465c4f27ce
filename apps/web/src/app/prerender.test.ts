import type { PublicEvent } from '@guichet/shared/orders';
import { describe, expect, it } from 'vitest';
import { publicEventKey } from '../features/buyer/api/get-public-event';
import { providedValue } from '../features/buyer/api/prefetch';
import { renderEventPage, renderSignInPage } from './prerender';

const EVENT: PublicEvent = {
  id: '0b6f8a52-43a4-4a4f-9e55-3d1f3b7b9c11',
  slug: 'jazz',
  name: 'Jazz <script>alert(1)</script> & friends',
  description: '<p>An evening on the quays.</p>',
  startsAt: '2027-06-12T18:00:00.000Z',
  endsAt: '2027-06-12T22:00:00.000Z',
  timeZone: 'Europe/Paris',
  locationType: 'venue',
  venue: { name: 'Quai Saint-Bernard', address: '75005 Paris', latitude: null, longitude: null },
  organization: { name: 'Demo Events', slug: 'demo-events' },
  coverUrl: null,
  attendeeNamesRequired: false,
  ticketTypes: [
    {
      id: '5d1c9a3e-7f7b-4d0e-8a47-0c5b8f0e2a31',
      name: 'Standard',
      description: '',
      priceMinor: 1500,
      currency: 'EUR',
      available: 40,
      minPerOrder: 1,
      maxPerOrder: 10,
      salesEnd: null,
      membersOnly: false,
    },
  ],
  paymentMethods: ['offline'],
  reservationMinutes: 15,
};

describe("the server's drawing of the first pages", () => {
  it('draws the sign-in form in the language asked for, strings resolved', async () => {
    const french = await renderSignInPage('fr');
    expect(french).toContain('Connexion à Guichet');
    expect(french).toMatch(/autocomplete="current-password"/i);
    expect(french).toContain('type="submit"');
    const english = await renderSignInPage('en');
    expect(english).not.toContain('Connexion à Guichet');
    // A key left as it is would show as its dotted name.
    expect(english).not.toMatch(/>connection\.[a-z]+</i);
  });

  it('draws the event page with the event, its text escaped', async () => {
    const html = await renderEventPage(EVENT, 'https://tickets.example/e/demo-events/jazz', 'fr');
    expect(html).toContain('Organisé par Demo Events');
    expect(html).toContain('Jazz &lt;script&gt;alert(1)&lt;/script&gt; &amp; friends');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toMatch(/datetime="2027-06-12T18:00:00.000Z"/i);
    expect(html).toContain('Standard');
    expect(html).toContain('Quai Saint-Bernard');
  });

  it('leaves nothing of the event behind for the next drawing', async () => {
    await renderEventPage(EVENT, 'https://tickets.example/e/demo-events/jazz', 'en');
    expect(providedValue(publicEventKey('demo-events', 'jazz'))).toBeUndefined();
  });
});
