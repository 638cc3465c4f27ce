import { pageOf, pageQueryFields } from '@guichet/shared/paging';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { keysetPage } from '../../cursor';
import { escapeHtml } from '../../html';
import { errorResponses } from '../../http';
import { type AttachmentRenderer, findMailboxItem, listMailbox, type MailMessage } from './mail.repository';

const mailboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Rendered when opened, as the outbox worker would when sending. */
  attachments: z.array(z.object({ filename: z.string(), url: z.string() })),
  createdAt: z.string(),
});

const attachmentUrl = (id: string, index: number) => `/api/dev/mailbox/${id}/attachments/${index}`;

/** A hundred by default: the newest mail is what a newcomer or a browser journey looks for. */
const mailboxQuerySchema = z.object(pageQueryFields(100, 100));

async function readMailbox(ctx: AppContext, query: { limit: number; cursor?: string }) {
  const page = keysetPage(await listMailbox(ctx.db, query), query.limit, (row) => ['', row.id]);
  const items = page.items.map((row) => {
    const mail = row.payload as MailMessage;
    return {
      id: row.id,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: (mail.attachments ?? []).map((ref, index) => ({
        filename: ref.filename,
        url: attachmentUrl(row.id, index),
      })),
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { items, nextCursor: page.nextCursor };
}

/**
 * JSON view of the development mailbox (mail kept because no SMTP server is configured). `render` draws
 * attachments as the outbox worker would when sending.
 */
export function mailboxApiRoutes(ctx: AppContext, render: AttachmentRenderer): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/mailbox',
      {
        config: { access: 'devMailbox.list' },
        schema: {
          tags: ['development'],
          summary:
            'Mail kept in the outbox because no SMTP server is configured (development only), newest first',
          querystring: mailboxQuerySchema,
          response: { 200: pageOf(mailboxItemSchema) },
        },
      },
      async (request) => readMailbox(ctx, request.query),
    );

    app.get(
      '/dev/mailbox/:id/attachments/:index',
      {
        config: { access: 'devMailbox.attachment' },
        schema: {
          tags: ['development'],
          summary: 'An attachment of a kept mail, rendered now (development only)',
          params: z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(20) }),
          response: { 200: z.unknown().describe('The file'), ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const row = await findMailboxItem(ctx.db, request.params.id);
        const ref = row && (row.payload as MailMessage).attachments?.[request.params.index];
        const file = ref && (await render(ref));
        if (!file) return reply.callNotFound();
        return reply
          .type(file.contentType)
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.content);
      },
    );
  };
}

function attachmentLinks(attachments: { filename: string; url: string }[]): string {
  if (attachments.length === 0) return '';
  const links = attachments
    .map(
      (file) =>
        `<li><a href="${escapeHtml(file.url)}" download="${escapeHtml(file.filename)}">${escapeHtml(file.filename)}</a></li>`,
    )
    .join('');
  return `<p class="meta">Attachments:</p><ul class="attachments">${links}</ul>`;
}

/**
 * A plain HTML page at /dev/mailbox that a newcomer can open to read reset codes and invitations (registered
 * only for direct requests from this machine: see plugins/local-only.ts).
 */
export function registerMailboxPage(app: FastifyInstance, ctx: AppContext): void {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    // The newest hundred: the page is for reading a code or an invitation just sent.
    const { items } = await readMailbox(ctx, { limit: 100 });
    const list = items
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)}</p><pre>${escapeHtml(mail.text)}</pre>${attachmentLinks(mail.attachments)}</article>`,
      )
      .join('');
    const body =
      list || '<p>No mail yet. Mail sent by Guichet appears here while no SMTP server is configured.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Development mailbox · Guichet</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:auto;padding:16px}article{border:1px solid #ccc;border-radius:8px;padding:12px;margin:12px 0}pre{white-space:pre-wrap}.meta{color:#444}</style></head><body><h1>Development mailbox</h1><p>Mail kept because no SMTP server is configured, newest first. Reload to see new mail.</p><p class="meta">A development helper: it answers only to requests made from this machine, never through a proxy, and is off in production unless <code>DEV_MAILBOX=true</code> is set.</p>${body}</body></html>`,
      );
  });
}
