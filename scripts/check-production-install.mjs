#!/usr/bin/env node
// Proves that the build runs with production dependencies only: copies the package manifests, the lockfile
// and the two builds (no sources) into a new folder, installs there with `npm ci --omit=dev`, starts the
// compiled server on the embedded database with the demo, and checks what needs files beside the code:
// the migrations (readiness), the web build (a page, a precompressed asset), the argon2 worker (sign-in),
// the gazetteer's data (place search) and the PDF worker with its CJK font slices (a tickets' PDF). Run by
// `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { startFlags } from './start-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
};

run(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root });

const folder = mkdtempSync(path.join(tmpdir(), 'guichet-production-'));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const file of [
  'package.json',
  'package-lock.json',
  ...manifest.workspaces.map((w) => `${w}/package.json`),
]) {
  mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
  cpSync(path.join(root, file), path.join(folder, file));
}
cpSync(path.join(root, 'apps/api/dist'), path.join(folder, 'apps/api/dist'), { recursive: true });
cpSync(path.join(root, 'apps/web/dist'), path.join(folder, 'apps/web/dist'), { recursive: true });

let server;
const failures = [];
const check = (label, ok) => {
  console.log(`${ok ? '✔' : '✘'} ${label}`);
  if (!ok) failures.push(label);
};
try {
  run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: folder,
  });
  for (const tool of ['tsx', 'vite', 'esbuild', 'vitest', 'typescript']) {
    check(`${tool} is not installed`, !existsSync(path.join(folder, 'node_modules', tool)));
  }

  const port = 4600 + Math.floor(Math.random() * 300);
  const base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [...startFlags({}), 'apps/api/dist/main.mjs'], {
    cwd: folder,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(folder, 'data'),
      LOG_LEVEL: 'warn',
      MAP_TILE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  let ready = false;
  while (!ready && Date.now() < deadline && server.exitCode === null) {
    ready = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  check('ready: the database answers and every migration is applied', ready);
  if (!ready) throw new Error('the compiled server did not become ready');

  const page = await fetch(`${base}/connection`, { headers: { accept: '*/*' } });
  check(
    '/connection answers the app',
    page.status === 200 && (await page.text()).includes('<div id="root">'),
  );
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(
    readFileSync(path.join(folder, 'apps/web/dist/index.html'), 'utf8'),
  )?.[1];
  const asset = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } });
  check('the entry script is served compressed (brotli)', asset.headers.get('content-encoding') === 'br');

  const json = async (response) => ({ status: response.status, body: await response.json() });
  const signIn = await json(
    await fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@guichet.example', password: 'guichet-demo' }),
    }),
  );
  check('the demo account signs in (argon2 worker)', signIn.status === 200);
  const auth = { authorization: `Bearer ${signIn.body.accessToken}` };
  const places = await json(await fetch(`${base}/api/places?q=Lyon`, { headers: auth }));
  check('place search finds Lyon (gazetteer data)', JSON.stringify(places.body).includes('Lyon'));

  // A free ticket of a published demo event: paid at once, so its PDF exists.
  const me = await json(await fetch(`${base}/api/staffs/me`, { headers: auth }));
  const demo = me.body.staffOrganization.find((entry) => entry.organization.name === 'Demo Events');
  const scoped = { ...auth, 'x-organization-id': demo.organization_id };
  const events = await json(await fetch(`${base}/api/events?status=published`, { headers: scoped }));
  let free;
  for (const item of events.body.items) {
    const detail = await json(await fetch(`${base}/api/events/${item.id}`, { headers: scoped }));
    const type = detail.body.ticketTypes.find((candidate) => candidate.priceMinor === 0);
    if (type) free = { slug: detail.body.slug, ticketTypeId: type.id };
  }
  const order = await json(
    await fetch(`${base}/api/public/events/${demo.organization.slug}/${free?.slug}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        // Printed on the tickets (no attendee names): the CJK font slices must resolve in node_modules.
        buyer: { name: '王小明 김민준', email: 'production-check@example.com' },
        lines: [{ ticketTypeId: free?.ticketTypeId, quantity: 2 }],
        paymentMethod: 'free',
      }),
    }),
  );
  check('a free order is placed on a demo event', order.status === 201 && order.body.status === 'paid');
  const pdf = await fetch(`${base}/api/public/orders/${order.body.code}/tickets.pdf`);
  const bytes = Buffer.from(await pdf.arrayBuffer());
  check(
    'the tickets PDF is rendered (PDF worker)',
    pdf.status === 200 && bytes.subarray(0, 5).toString() === '%PDF-',
  );
  // The font dictionaries sit in compressed object streams: inflate them to find the embedded fonts.
  const streams = [...bytes.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((match) => {
    try {
      return inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      return '';
    }
  });
  check(
    'the PDF embeds the Noto Sans SC and KR slices of a Chinese and a Korean name',
    streams.some((text) => text.includes('NotoSansSC')) &&
      streams.some((text) => text.includes('NotoSansKR')),
  );
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(error);
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(folder, { recursive: true, force: true });
}
console.log(failures.length === 0 ? 'The production install runs.' : `Failed: ${failures.join('; ')}`);
process.exit(failures.length === 0 ? 0 : 1);
