// The baseline of bench/reports.ts: the same reports' statements (the API's own repository and service
// functions) on a plain pg pool behind node:http, with no framework, no sign-in, no organisation check, no
// validation and no serialiser. What the API adds on top of its SQL is what the budget measures.
import http from 'node:http';
import { openDatabase } from '@guichet/db/client';
import { listCustomersQuerySchema } from '@guichet/shared/customers';
import { dashboardFiguresQuerySchema } from '@guichet/shared/dashboard';
import { financesSummaryQuerySchema } from '@guichet/shared/finances';
import type { AppContext } from '../../apps/api/src/context';
import { listCustomers } from '../../apps/api/src/modules/customers/customers.service';
import { figures } from '../../apps/api/src/modules/dashboard/figures.service';
import { summary } from '../../apps/api/src/modules/finances/finances.service';

const url = process.env.BENCH_DATABASE_URL ?? '';
const organizationId = process.env.BENCH_ORGANIZATION_ID ?? '';
const database = await openDatabase({ url });
const ctx = { db: database.db, reports: database.db } as unknown as AppContext;

const server = http.createServer((request, response) => {
  const address = new URL(request.url ?? '/', 'http://127.0.0.1');
  const query = Object.fromEntries(address.searchParams);
  const answer = (() => {
    switch (address.pathname) {
      case '/dashboard/figures':
        return figures(database.db, organizationId, dashboardFiguresQuerySchema.parse(query));
      case '/finances/summary':
        return summary(ctx, organizationId, financesSummaryQuerySchema.parse(query));
      case '/customers':
        return listCustomers(ctx, organizationId, listCustomersQuerySchema.parse(query));
      default:
        return Promise.reject(new Error(`no report at ${address.pathname}`));
    }
  })();
  answer.then(
    (body) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    },
    (error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => {
  server.close();
  void database.close().then(() => process.exit(0));
});
