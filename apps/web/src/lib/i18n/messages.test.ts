import { ERROR_CODES } from '@guichet/shared/errors';
import { describe, expect, it } from 'vitest';
import { en as enCore } from './locales/en';
import { enAcquisition } from './locales/en-acquisition';
import { enBackOffice } from './locales/en-back-office';
import { enBuyer } from './locales/en-buyer';
import { enCustomers } from './locales/en-customers';
import { enDashboard } from './locales/en-dashboard';
import { enEvents } from './locales/en-events';
import { enPayments } from './locales/en-payments';
import { enScan } from './locales/en-scan';
import { fr as frCore } from './locales/fr';
import { frAcquisition } from './locales/fr-acquisition';
import { frBackOffice } from './locales/fr-back-office';
import { frBuyer } from './locales/fr-buyer';
import { frCustomers } from './locales/fr-customers';
import { frDashboard } from './locales/fr-dashboard';
import { frEvents } from './locales/fr-events';
import { frPayments } from './locales/fr-payments';
import { frScan } from './locales/fr-scan';

// The sign-in pages load the core part only; the back office also its own, the events pages also theirs,
// the buyer's pages core and their own. Together they are the whole language.
const en = {
  ...enCore,
  ...enBackOffice,
  ...enEvents,
  ...enBuyer,
  ...enScan,
  ...enPayments,
  ...enAcquisition,
  ...enCustomers,
  ...enDashboard,
};
const fr = {
  ...frCore,
  ...frBackOffice,
  ...frEvents,
  ...frBuyer,
  ...frScan,
  ...frPayments,
  ...frAcquisition,
  ...frCustomers,
  ...frDashboard,
};

function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  it.each([
    ['en', en],
    ['fr', fr],
  ])('%s has a message for every error code of the shared catalogue, in exactly one part', (_, messages) => {
    const sections = [messages.errors, messages.backOfficeErrors, messages.buyerErrors] as Record<
      string,
      string
    >[];
    for (const code of ERROR_CODES) {
      const message = sections.map((section) => section[code]).find(Boolean);
      expect(message, code).toBeTruthy();
      expect(message!.trim().length, code).toBeGreaterThan(5);
    }
    const covered = sections.flatMap((section) => Object.keys(section));
    expect(covered.sort()).toEqual([...ERROR_CODES].sort());
  });

  it('keeps the parts apart: no section is in both', () => {
    const sections = [
      enCore,
      enBackOffice,
      enEvents,
      enBuyer,
      enScan,
      enPayments,
      enAcquisition,
      enCustomers,
      enDashboard,
    ].flatMap((part) => Object.keys(part));
    expect(sections.filter((key, index) => sections.indexOf(key) !== index)).toEqual([]);
  });

  it('French has exactly the keys English has', () => {
    expect(leaves(fr).sort()).toEqual(leaves(en).sort());
  });

  it('French is translated, not copied', () => {
    const same = leaves(en).filter((path) => {
      const get = (root: unknown) =>
        path.split('.').reduce((node: unknown, key) => (node as Record<string, unknown>)[key], root);
      return get(en) === get(fr);
    });
    // Words that are the same in both languages.
    const identical = [
      'app.name',
      'language.en',
      'language.fr',
      'nav.acquisition',
      'acquisition.funnel.total',
      'acquisition.links.actions',
      'acquisition.channels.email',
      'nav.finances',
      'nav.organization',
      'nav.scanner',
      'pages.acquisition',
      'pages.finances',
      'profile.organizations',
      'profile.session',
      'scan.title',
      'scan.gate',
      'scan.setup.organization',
      'financesPage.column.date',
      'financesPage.figures.net',
      'financesPage.net.net',
      'financesPage.rows.title',
      'orders.money.net.net',
      'financeReports.tabs.documents',
      'financeReports.documents.kind',
    ];
    expect(same.sort()).toEqual(identical.sort());
  });
});
