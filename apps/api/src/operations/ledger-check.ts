// `npm run ledger:check`: checks the ledger invariant on the configured database (DATABASE_URL, or the
// embedded database in DATA_DIR, with the server stopped). Exit code 0: drift 0; 1: the drifting orders are
// listed; 2: the check could not run.
import { openDatabase } from '@guichet/db/client';
import { loadConfig } from '../config';
import { checkLedger } from '../modules/ledger/ledger.service';

const config = loadConfig();
try {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
  try {
    const drift = await checkLedger(database.db, null);
    if (drift.length === 0) {
      console.log('Ledger: drift 0 (every order equals its lines minus its refunds).');
    } else {
      for (const row of drift) {
        console.log(
          `order ${row.orderId} (organisation ${row.organizationId}): expected ${row.expectedMinor}, ledger ${row.ledgerMinor} ${row.currency} (minor units)`,
        );
      }
      console.log(`Ledger: ${drift.length} order(s) drift.`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
