// Baseline: the same answer as GET /api/health (status, headers and body, security headers included) from
// a bare node:http server, so the comparison measures what the API process adds, not what it must send.
import http from 'node:http';
import { loadConfig } from '../../apps/api/src/config';
import { securityHeaders } from '../../apps/api/src/plugins/security';

const config = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-012345',
  DATA_DIR: '/tmp/guichet-bench',
  LOG_LEVEL: 'silent',
});
const body = JSON.stringify({ status: 'ok' });
const headers = {
  ...securityHeaders(config),
  'content-type': 'application/json; charset=utf-8',
  'content-length': Buffer.byteLength(body),
};
const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
