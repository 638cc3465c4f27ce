import { fileURLToPath } from 'node:url';
import { openDatabase } from '@guichet/db/client';
import { loadGazetteer } from '@guichet/gazetteer/gazetteer';
import { buildApp } from './app';
import { loadConfig } from './config';
import { serveMetrics } from './observability/metrics';
import { lockDataDir } from './operations/data-dir-lock';
import { runsFromBuild } from './runtime';
import { seedDemo } from './seed/demo';

const config = loadConfig();
// The embedded database allows one process per data directory (backup and restore respect this too).
const releaseDataDir = config.databaseUrl ? null : lockDataDir(config.dataDir);
// The build carries the migrations beside its entries; from the sources they are in packages/db.
const migrationsFolder = runsFromBuild ? fileURLToPath(new URL('./migrations', import.meta.url)) : undefined;
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: `${config.dataDir}/db`,
  migrationsFolder,
});
// Reports and exports may read a replica; it is never migrated (it follows the primary).
const replica = config.databaseReplicaUrl
  ? await openDatabase({ url: config.databaseReplicaUrl, maxConnections: 10, migrate: false })
  : null;
const app = await buildApp({
  config,
  db: database.db,
  replica: replica?.db,
  migrationsFolder,
  poolStats: database.poolStats,
});

if (config.devMailbox && config.env === 'production') {
  app.log.warn(
    'DEV_MAILBOX is on in production: /dev/mailbox shows every kept mail to requests made from this machine itself (never through a proxy)',
  );
}
if (config.seedDemo) await seedDemo(app.ctx, app.log);
// Building the place-search index takes about a second of CPU: do it before taking traffic rather than on
// the first search, which would stall every request in flight.
loadGazetteer();

const metricsServer = await serveMetrics(app.metrics, config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, shutting down`);
    // Readiness fails from now on; requests in flight finish before the server closes.
    app.lifecycle.shuttingDown = true;
    metricsServer?.close();
    void app
      .close()
      .then(() => database.close())
      .then(() => replica?.close())
      .then(() => releaseDataDir?.())
      .finally(() => process.exit(0));
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Guichet serves ${config.publicUrl} on ${database.driver === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}${config.env === 'production' ? '' : ` (${config.env})`}`,
);
