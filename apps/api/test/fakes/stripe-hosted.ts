import type http from 'node:http';
import { escapeHtml } from './stripe-wire';

/**
 * Test support: the two pages of the fake Stripe that a browser clicks through, Connect onboarding and
 * Checkout (the REST API the SDK calls is in stripe.ts). Their state is the fake's own maps.
 */

type Json = Record<string, unknown>;
type Session = Json & { id: string; account: string };

export interface OnboardingLink {
  account: string;
  returnUrl: string;
  refreshUrl: string;
  used: boolean;
}

export function hostedPages(fake: {
  links: Map<string, OnboardingLink>;
  sessions: Map<string, Session>;
  /** The session as Stripe shows it (expired past its time). */
  sessionView: (session: Session) => Json;
  pay: (sessionId: string) => Promise<{ successUrl: string }>;
  completeOnboarding: (accountId: string) => Promise<number>;
}) {
  const { links, sessions, sessionView, pay, completeOnboarding } = fake;

  function page(title: string, body: string) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:40px auto;padding:0 16px;color:#1a1a1a}
button{font-size:16px;padding:10px 18px;margin-right:8px}table{width:100%;margin:16px 0}</style></head>
<body><main>${body}</main></body></html>`;
  }

  async function hosted(method: string, path: string, response: http.ServerResponse): Promise<boolean> {
    const html = (status: number, content: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(content);
    };
    const redirect = (location: string) => {
      response.writeHead(303, { location });
      response.end();
    };
    let match = /^\/connect\/onboarding\/([0-9a-f]+)(\/complete)?$/.exec(path);
    if (match) {
      const link = links.get(match[1] ?? '');
      if (!link) {
        html(404, page('Not found', '<h1>This link is not valid</h1>'));
        return true;
      }
      if (link.used) {
        html(
          410,
          page(
            'Link expired',
            `<h1>This onboarding link has expired</h1><p><a href="${escapeHtml(link.refreshUrl)}">Get a new link</a></p>`,
          ),
        );
        return true;
      }
      if (method === 'POST' && match[2]) {
        link.used = true;
        await completeOnboarding(link.account);
        redirect(link.returnUrl);
        return true;
      }
      html(
        200,
        page(
          'Stripe Express onboarding (test)',
          `<h1>Set up payouts</h1><p>Test onboarding for account ${escapeHtml(link.account)}.</p>
<form method="post" action="/connect/onboarding/${match[1]}/complete"><button type="submit">Complete onboarding</button></form>`,
        ),
      );
      return true;
    }
    match = /^\/checkout\/pay\/([\w]+)(\/pay|\/cancel)?$/.exec(path);
    if (match) {
      const session = sessions.get(match[1] ?? '');
      if (!session) {
        html(404, page('Not found', '<h1>No such checkout</h1>'));
        return true;
      }
      sessionView(session);
      if (method === 'POST' && match[2] === '/cancel') {
        redirect(String(session.cancel_url));
        return true;
      }
      if (session.status !== 'open') {
        html(410, page('Checkout expired', '<h1>This checkout session is no longer active</h1>'));
        return true;
      }
      if (method === 'POST' && match[2] === '/pay') {
        const paid = await pay(session.id);
        redirect(paid.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id));
        return true;
      }
      const lines = (session.line_items_summary as { name: string; quantity: number; unit_amount: number }[])
        .map(
          (line) =>
            `<tr><td>${escapeHtml(line.name)} × ${line.quantity}</td><td>${line.unit_amount * line.quantity}</td></tr>`,
        )
        .join('');
      html(
        200,
        page(
          'Checkout (test)',
          `<h1>Pay ${Number(session.amount_total)} ${escapeHtml(String(session.currency).toUpperCase())} (minor units)</h1>
<table>${lines}</table><p>Test card 4242 4242 4242 4242</p>
<form method="post" action="/checkout/pay/${session.id}/pay" style="display:inline"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/pay/${session.id}/cancel" style="display:inline"><button type="submit">Cancel</button></form>`,
        ),
      );
      return true;
    }
    return false;
  }

  return hosted;
}
