import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The metrics of this process, counted wherever the thing happens (a job's run, an order placed, a scan
 * judged) and exposed by the metrics endpoint with those of the app (observability/metrics.ts). Counting
 * is cheap, so it always happens; only the endpoint is optional.
 */
export const processRegistry = new Registry();

export const requestDuration = new Histogram({
  name: 'guichet_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route (its pattern) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

const jobRuns = new Counter({
  name: 'guichet_job_runs_total',
  help: 'Runs of the background jobs, by job and outcome (ok, failed).',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
});

const ordersPlaced = new Counter({
  name: 'guichet_orders_placed_total',
  help: 'Orders placed, by channel (online, box office) and initial status.',
  labelNames: ['channel', 'status'] as const,
  registers: [processRegistry],
});

const scansJudged = new Counter({
  name: 'guichet_scans_total',
  help: 'Ticket scans recorded, by result (ok, refused).',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

/** Runs `work` as one run of the background job `job`, counted by outcome (errors are passed on). */
export async function countedRun<T>(job: string, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    jobRuns.inc({ job, outcome: 'ok' });
    return result;
  } catch (error) {
    jobRuns.inc({ job, outcome: 'failed' });
    throw error;
  }
}

export function countOrder(channel: string, status: string): void {
  ordersPlaced.inc({ channel, status });
}

export function countScans(result: 'ok' | 'refused', count = 1): void {
  scansJudged.inc({ result }, count);
}

let defaultsCollected = false;
/** Node.js's own metrics (event-loop lag, heap, CPU, handles), collected once the endpoint exists. */
export function collectNodeMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
}
