import type { Locale } from '@guichet/shared/i18n';
import type { PublicEvent } from '@guichet/shared/orders';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { publicEventKey } from '../features/buyer/api/get-public-event';
import { forgetProvided, provide } from '../features/buyer/api/prefetch';
import { setRequestLanguages } from '../lib/date-format';
import { languageForDrawing } from '../lib/i18n';
import { BuyerFrame } from './buyer/buyer-app';
import { eventSlugsOf } from './buyer/navigation';
import { PublicFrame } from './public/public-app';
import ConnectionPage from './routes/auth/connection-page';
import EventPage from './routes/buyer/event-page';
import { createAppTheme, cssVariablesResolver } from './theme';

/**
 * The server's drawing of a first page (built apart, `vite build --ssr`, and run by the API): the sign-in
 * page and the public event page as their apps draw them, so a phone paints the page with the HTML instead
 * of after downloading, parsing and running the app's JavaScript. The app then replaces the drawing with
 * the same page in one commit once its code is here (see each app's `start`).
 */

const theme = createAppTheme();

function draw(page: ReactNode): string {
  return renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {page}
    </MantineProvider>,
  );
}

/** `/connection` in `locale`: the form as a first visit shows it. */
export async function renderSignInPage(locale: Locale): Promise<string> {
  // The language is set and the page drawn in one synchronous step: another drawing cannot come between.
  await languageForDrawing(locale, ['core']);
  return draw(
    <PublicFrame>
      <ConnectionPage />
    </PublicFrame>,
  );
}

/**
 * The public event page at `href` (`/e/{organisation}/{event}`) in `locale`, showing `event`, its dates
 * written for `region` (the reader's tag for that language, `en-US`, as the browser would have them).
 */
export async function renderEventPage(
  event: PublicEvent,
  href: string,
  locale: Locale,
  region?: string,
): Promise<string> {
  await languageForDrawing(locale, ['core', 'buyer']);
  setRequestLanguages(region ? [region] : []);
  const address = new URL(href);
  const { orgSlug, eventSlug } = eventSlugsOf(address.pathname);
  const key = publicEventKey(orgSlug, eventSlug);
  provide(key, event);
  try {
    return draw(
      <BuyerFrame>
        <EventPage address={address} />
      </BuyerFrame>,
    );
  } finally {
    forgetProvided(key);
  }
}
