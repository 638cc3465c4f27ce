import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type Database, sourceMigrationsFolder } from '@guichet/db/client';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { routeValidatorCompiler } from './http';
import { idempotencyExpiryJob } from './jobs/idempotency-expiry.job';
import { IntervalJob } from './jobs/interval-job';
import { type Mailer, smtpMailer } from './jobs/mailer';
import { OutboxWorker } from './jobs/outbox-worker';
import { liveBus } from './live/live-bus';
import { acquisitionRoutes, registerShortLinks } from './modules/acquisition/acquisition.routes';
import { VisitBuffer } from './modules/acquisition/visit-buffer';
import { visitPurgeJob } from './modules/acquisition/visit-purge.job';
import { authRoutes } from './modules/auth/auth.routes';
import { customerRecordsRoutes } from './modules/customers/customer-records.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { importSweepJob } from './modules/customers/import.job';
import { settleBuyerSince } from './modules/dashboard/buyer-since.repository';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { tallyPaidOrders } from './modules/dashboard/paid-tally.repository';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { attachmentRenderer } from './modules/delivery/tickets-document';
import { documentsRoutes } from './modules/documents/documents.routes';
import { eventExportsRoutes } from './modules/event-exports/event-exports.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { accountCodesRoutes } from './modules/finances/account-codes.routes';
import { financesRoutes } from './modules/finances/finances.routes';
import { financeReportsRoutes } from './modules/finances/reports.routes';
import { healthRoutes } from './modules/health/health.routes';
import { type Lifecycle, readinessCheck } from './modules/health/readiness';
import { apiTokensRoutes } from './modules/integrations/tokens.routes';
import { WebhookWorker } from './modules/integrations/webhook-worker';
import { webhooksRoutes } from './modules/integrations/webhooks.routes';
import { foldLedger } from './modules/ledger/rollup.repository';
import { mailboxApiRoutes, registerMailboxPage } from './modules/mail/mailbox.routes';
import { MailingLane, mailingJob } from './modules/mailings/mailing-lane';
import { mailingsRoutes, unsubscribeRoutes } from './modules/mailings/mailings.routes';
import { mapRoutes } from './modules/map/map.routes';
import { orderAlertsJob } from './modules/order-alerts/order-alerts.job';
import { orderAlertsRoutes } from './modules/order-alerts/order-alerts.routes';
import { reservationExpiryJob } from './modules/orders/expiry.job';
import { ordersRoutes } from './modules/orders/orders.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { paymentsJob as makePaymentsJob } from './modules/payments/payments.job';
import {
  paymentsRoutes,
  publicPaymentsRoutes,
  stripeWebhookRoutes,
} from './modules/payments/payments.routes';
import { payoutsJob as makePayoutsJob } from './modules/payouts/payouts.job';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { placesRoutes } from './modules/places/places.routes';
import { registerEventPageHtml } from './modules/public/event-page-html';
import { publicRoutes } from './modules/public/public.routes';
import { scanRoutes } from './modules/scan/scan.routes';
import { filesRoutes } from './modules/settings/files.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { staffsRoutes } from './modules/staffs/staffs.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { type PoolStats, registerMetrics } from './observability/metrics';
import { stripeProvider } from './payment-provider';
import { registerAccess } from './plugins/access';
import { registerCompression } from './plugins/compression';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/errors';
import { registerIdempotency } from './plugins/idempotency';
import { registerInputGuard } from './plugins/input-guard';
import { localRequestsOnly } from './plugins/local-only';
import { OperationDocs } from './plugins/openapi-docs';
import { PagePreloads } from './plugins/page-preloads';
import { PagePrerender } from './plugins/page-prerender';
import { RateLimiter, registerRateLimitHeaders } from './plugins/rate-limit';
import { DatabaseRateLimitStore } from './plugins/rate-limit.repository';
import { RedisRateLimitStore } from './plugins/rate-limit-redis';
import { registerRequestActor } from './plugins/request-actor';
import { registerRequestIdHeader, requestIdOf } from './plugins/request-id';
import { registerCors, registerSecurityHeaders, securityHeaders } from './plugins/security';
import { registerNotFound, registerWebApp } from './plugins/web';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Overrides the SMTP mailer (tests); null keeps mail in the outbox for the mailbox page. */
  mailer?: Mailer | null;
  /** Starts the outbox worker on ready (default true). Tests may drain it by hand instead. */
  startWorker?: boolean;
  logger?: boolean;
  /** Sees every route as it is registered (the access test enumerates them). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the committed migrations are (the build carries a copy); the readiness probe compares them. */
  migrationsFolder?: string;
  /** The PostgreSQL pool's counts, for the metrics; absent on the embedded database. */
  poolStats?: PoolStats;
  /** A read replica (DATABASE_REPLICA_URL) for read-only reports and exports; the primary without one. */
  replica?: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    webhooks: WebhookWorker;
    /** The mailings' own lane (decision 029); tests run it by hand. */
    mailingLane: MailingLane;
    ctx: AppContext;
    lifecycle: Lifecycle;
  }
}

export type App = FastifyInstance;

const BODY_LIMIT = 64 * 1024;
/** Each API token's budget (decision 034): generous for a sync job, a brake on a runaway loop. */
const API_TOKEN_CALLS_PER_MINUTE = 600;
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    genReqId: requestIdOf,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    frameworkErrors: frameworkErrorHandler(securityHeaders(config)),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // The API is a JSON API; ajv is never used because zod validates every route.
    routerOptions: { ignoreTrailingSlash: true },
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  const operationDocs = new OperationDocs();
  app.addHook('onRoute', (route) => operationDocs.noteRoute(route));
  app.setValidatorCompiler(routeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestIdHeader(app);
  registerRateLimitHeaders(app);
  registerRequestActor(app);
  registerMetrics(app, config, db, deps.poolStats);

  // The tests' mailer, else one SMTP mailer (with its own pooled connections) per caller, else none.
  const newMailer = (): Mailer | null =>
    deps.mailer !== undefined
      ? deps.mailer
      : config.smtpUrl
        ? smtpMailer(config.smtpUrl, config.mailFrom)
        : null;
  const mailer = newMailer();
  const renderAttachment = attachmentRenderer(db, config.publicUrl);
  const outbox = new OutboxWorker(db, mailer, app.log, renderAttachment, 2000, config.outboxLeaseSeconds);
  const windowMs = config.rateLimit.windowSeconds * 1000;
  // Counters every process shares: in Redis when configured, else in the database itself.
  const redisStore = config.redis ? new RedisRateLimitStore(config.redis.url, config.redis.keyPrefix) : null;
  if (redisStore) app.addHook('onClose', async () => redisStore.close());
  const store = redisStore ?? new DatabaseRateLimitStore(db);
  const live = liveBus(db, { onError: (error) => app.log.error({ err: error }, 'live bus failed') });
  app.addHook('onClose', async () => live.close());
  const visits = new VisitBuffer(db, app.log, config.visits.flushMs);
  app.addHook('onReady', async () => visits.start());
  // Before the database closes (the caller closes it after the app): a graceful stop loses no visit.
  app.addHook('onClose', async () => visits.stop());
  const ctx: AppContext = {
    db,
    reports: deps.replica ?? db,
    config,
    limiters: {
      authPerIp: new RateLimiter('auth-ip', config.rateLimit.perIp, windowMs, store),
      authPerAccount: new RateLimiter('auth-account', config.rateLimit.perAccount, windowMs, store),
      publicReadsPerIp: new RateLimiter('public-reads', config.orders.publicReadsPerMinute, 60_000, store),
      publicOrdersPerIp: new RateLimiter('public-orders', config.orders.publicOrdersPerMinute, 60_000, store),
      scanPerDevice: new RateLimiter('scan-device', config.scan.perDevicePerMinute, 60_000, store),
      scanWrongCodes: new RateLimiter('scan-wrong-codes', config.scan.wrongCodesPerMinute, 60_000, store),
      apiToken: new RateLimiter('api-token', API_TOKEN_CALLS_PER_MINUTE, 60_000, store),
    },
    payments: config.stripe ? stripeProvider(config.stripe) : null,
    live,
    visits,
    kickOutbox: () => outbox.kick(),
  };
  app.decorate('outbox', outbox);
  // A worker of this process: started once the app is ready (unless the caller starts none, or `when` is
  // false), stopped when it closes.
  const backgroundWork = (work: { start(): void; stop(): Promise<void> }, when = true) => {
    if (deps.startWorker !== false && when) app.addHook('onReady', async () => work.start());
    app.addHook('onClose', async () => work.stop());
  };
  // A job of the leader process, every five seconds.
  const leaderJob = (name: string, run: () => Promise<unknown>) =>
    backgroundWork(new IntervalJob(name, async () => void (await run()), app.log, 5_000, db));
  // Webhooks are delivered on their own lane (decision 034), never by the mail worker.
  const webhooks = new WebhookWorker(db, app.log, { publicUrl: config.publicUrl, ...config.webhooks });
  app.decorate('webhooks', webhooks);
  backgroundWork(webhooks);
  app.decorate('ctx', ctx);
  const lifecycle: Lifecycle = { shuttingDown: false };
  app.decorate('lifecycle', lifecycle);
  const readiness = readinessCheck(db, deps.migrationsFolder ?? sourceMigrationsFolder, lifecycle);
  app.decorateRequest('staffId', null);
  app.decorateRequest('tenant', null);
  app.decorateRequest('sessionGeneration', 0);
  app.decorateRequest('apiTokenId', null);
  backgroundWork(outbox);
  const expiry = reservationExpiryJob(db, app.log);
  backgroundWork(expiry);
  // The mailing lane sends over SMTP connections of its own: its mails never queue ahead of a buyer's
  // tickets in a shared pool.
  const mailingMailer = newMailer();
  const mailingLane = new MailingLane({
    db,
    mailer: mailingMailer,
    log: app.log,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    ratePerMinute: config.mailings.ratePerMinute,
    leaseSeconds: config.outboxLeaseSeconds,
  });
  app.decorate('mailingLane', mailingLane);
  const mailings = mailingJob(mailingLane, db, app.log);
  backgroundWork(mailings);
  const paymentsJob = makePaymentsJob(ctx, app.log);
  backgroundWork(paymentsJob, ctx.payments !== null);
  const payoutsJob = makePayoutsJob(ctx, app.log);
  backgroundWork(payoutsJob, ctx.payments !== null);
  backgroundWork(orderAlertsJob(ctx, app.log));
  backgroundWork(visitPurgeJob(db, config.visits.retentionDays, app.log));
  // The ledger roll-up (decision 036): folds new ledger rows into the finances' totals every few seconds,
  // in the leader process; reads add what it has not folded yet, so its pace only sets how much they read raw.
  leaderJob('ledger roll-up', () => foldLedger(db));
  // The copies of each paid order's buyer's first order (decision 041), which the dashboard reads in place
  // of the customers: a few seconds after each payment, in the leader process; readers look up the rest.
  leaderJob('dashboard buyers', () => settleBuyerSince(db));
  // The tally of paid orders and tickets per day and hour (decision 041, second pass): a few seconds after
  // each payment, in the leader process; readers count the orders it has not tallied yet.
  leaderJob('dashboard paid tally', () => tallyPaidOrders(db));
  backgroundWork(importSweepJob(db, app.log));
  backgroundWork(idempotencyExpiryJob(db, app.log));
  // After the jobs that send have stopped: the pooled SMTP connections are closed.
  app.addHook('onClose', async () => {
    mailer?.close?.();
    if (mailingMailer !== mailer) mailingMailer?.close?.();
  });

  await registerCompression(app);
  await app.register(cookie);
  registerSecurityHeaders(app, config);
  registerCors(app, config.corsOrigins);
  // After the security headers, so its refusals carry them; before every route's access check.
  registerInputGuard(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Guichet API',
        version: '0.1.0',
        description: 'Back office for organisations that run events.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Every operation gets its operationId and description from its access entry and schema (decision 034).
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      return { ...transformed, schema: operationDocs.document(transformed.schema, input.route, input.url) };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  await app.register(
    async (api) => {
      // Every route of the API names who may call it; the check runs before anything else of the request.
      registerAccess(api, ctx);
      // After access and validation, before the handler: the organisation's POSTs honour Idempotency-Key.
      registerIdempotency(api, db, config.jwtSecret);
      api.get('/openapi.json', { schema: { hide: true }, config: { access: 'docs.openapi' } }, async () =>
        app.swagger(),
      );
      await api.register(healthRoutes(readiness));
      await api.register(authRoutes(ctx));
      await api.register(staffsRoutes(ctx));
      await api.register(organizationsRoutes(ctx));
      await api.register(settingsRoutes(ctx));
      await api.register(filesRoutes(ctx));
      await api.register(teamsRoutes(ctx));
      await api.register(eventsRoutes(ctx));
      await api.register(ordersRoutes(ctx));
      await api.register(scanRoutes(ctx));
      await api.register(customersRoutes(ctx));
      await api.register(customerRecordsRoutes(ctx));
      await api.register(publicRoutes(ctx));
      await api.register(deliveryRoutes(ctx));
      await api.register(paymentsRoutes(ctx));
      await api.register(financesRoutes(ctx));
      await api.register(financeReportsRoutes(ctx));
      await api.register(documentsRoutes(ctx));
      await api.register(payoutsRoutes(ctx));
      await api.register(accountCodesRoutes(ctx));
      await api.register(publicPaymentsRoutes(ctx));
      await api.register(stripeWebhookRoutes(ctx));
      await api.register(placesRoutes(ctx));
      await api.register(mapRoutes(ctx));
      await api.register(acquisitionRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(apiTokensRoutes(ctx));
      await api.register(webhooksRoutes(ctx));
      await api.register(mailingsRoutes(ctx));
      await api.register(unsubscribeRoutes(ctx));
      await api.register(orderAlertsRoutes(ctx));
      await api.register(eventExportsRoutes(ctx));
      if (config.devMailbox) {
        await api.register(async (local) => {
          local.addHook('onRequest', localRequestsOnly);
          await local.register(mailboxApiRoutes(ctx, renderAttachment));
        });
      }
    },
    { prefix: '/api' },
  );
  if (config.devMailbox) {
    await app.register(async (local) => {
      local.addHook('onRequest', localRequestsOnly);
      registerMailboxPage(local, ctx);
    });
  }

  registerShortLinks(app, ctx);

  const webDist = config.webDist ? path.resolve(config.webDist) : defaultWebDist;
  const servesWeb = await registerWebApp(app, webDist);
  const preloads = servesWeb ? PagePreloads.load(webDist) : null;
  const prerender = servesWeb ? await PagePrerender.load(webDist) : null;
  registerEventPageHtml(app, ctx, servesWeb && webDist ? { webDist, preloads, prerender } : null);

  registerNotFound(app, servesWeb, preloads, prerender);

  return app;
}
