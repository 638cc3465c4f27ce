import { openDatabase } from '@guichet/db/client';
import { loadGazetteer } from '@guichet/gazetteer/gazetteer';
import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemo } from './seed/demo';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
const app = await buildApp({ config, db: database.db });

if (config.seedDemo) await seedDemo(app.ctx, app.log);
// Building the place-search index takes about a second of CPU: do it before taking traffic rather than on
// the first search, which would stall every request in flight.
loadGazetteer();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, shutting down`);
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Guichet serves ${config.publicUrl} on ${database.driver === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}`,
);
