// Baseline: raw argon2id verifications per second in a process like the API's (same thread pool).
import { hashPassword, verifyPassword } from '../../apps/api/src/modules/auth/passwords';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const hash = await hashPassword('bench-password');
const deadline = Date.now() + seconds * 1000;
let done = 0;
async function worker() {
  while (Date.now() < deadline) {
    await verifyPassword(hash, 'bench-password');
    done += 1;
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const perSecond = done / ((Date.now() - started) / 1000);
console.log(JSON.stringify({ port: 0, verifiesPerSecond: perSecond }));
