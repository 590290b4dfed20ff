import autocannon, { type Result } from 'autocannon';
import { cpuSeconds } from './processes.js';

export type LoadRequest = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
};

/** What is loaded: a server (its pid is read for CPU time) and one request repeated. */
export type LoadTarget = { url: string; pid?: number; request: LoadRequest };

export type Measurement = {
  /** Completed 2xx answers per second. */
  rps: number;
  requests: number;
  /** Latencies in milliseconds at microsecond resolution (autocannon's own histogram keeps whole ms). */
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  non2xx: number;
  errors: number;
  /** CPU the server process used under load, in % of one core (100 = a core saturated). */
  serverCpuPct?: number;
  /** CPU the load generator (this process) used, in % of one core. */
  loadCpuPct: number;
  /** Seconds under load, summed over the slices. */
  seconds: number;
  slices: number;
};

export type LoadOptions = {
  /** Seconds of measured load per target. */
  seconds: number;
  /** Seconds of unmeasured load per target before the first slice. */
  warmupSeconds: number;
  connections: number;
  /** The measured seconds are cut into this many slices, taken in turn across the targets. */
  slices: number;
};

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

/** Sums the slices of one target. */
class Tally {
  latencies = new Float64Array(1 << 16);
  count = 0;
  non2xx = 0;
  errors = 0;
  seconds = 0;
  serverCpu: number | undefined = 0;
  loadCpu = 0;
  slices = 0;

  record(ms: number): void {
    if (this.count === this.latencies.length) {
      const grown = new Float64Array(this.latencies.length * 2);
      grown.set(this.latencies);
      this.latencies = grown;
    }
    this.latencies[this.count++] = ms;
  }

  result(): Measurement {
    const sorted = this.latencies.subarray(0, this.count).sort();
    let sum = 0;
    for (const v of sorted) sum += v;
    return {
      rps: this.count / this.seconds,
      requests: this.count,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      meanMs: this.count ? sum / this.count : NaN,
      non2xx: this.non2xx,
      errors: this.errors,
      serverCpuPct: this.serverCpu === undefined ? undefined : (100 * this.serverCpu) / this.seconds,
      loadCpuPct: (100 * this.loadCpu) / this.seconds,
      seconds: this.seconds,
      slices: this.slices,
    };
  }
}

/** One bounded autocannon run on loopback; `tally` (if given) keeps its numbers. */
async function run(target: LoadTarget, seconds: number, connections: number, tally?: Tally): Promise<void> {
  const url = new URL(target.request.path, target.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`the bench loads loopback only, not ${url.hostname}`);
  const cpuBefore = target.pid === undefined ? undefined : cpuSeconds(target.pid);
  const loadBefore = process.cpuUsage();
  const started = performance.now();
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: url.href,
        method: target.request.method,
        headers: target.request.headers,
        body: target.request.body,
        connections,
        pipelining: 1,
        duration: seconds,
        timeout: 10,
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    if (tally) {
      instance.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
        if (statusCode >= 200 && statusCode <= 299) tally.record(ms);
      });
    }
  });
  if (!tally) return;
  tally.seconds += (performance.now() - started) / 1000;
  const cpuAfter = target.pid === undefined ? undefined : cpuSeconds(target.pid);
  tally.serverCpu =
    tally.serverCpu === undefined || cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : tally.serverCpu + cpuAfter - cpuBefore;
  const load = process.cpuUsage(loadBefore);
  tally.loadCpu += (load.user + load.system) / 1e6;
  tally.non2xx += result.non2xx;
  tally.errors += result.errors;
  tally.slices++;
}

/**
 * Loads each target for `seconds`, cut into slices taken in turn (A B C, B C A, C A B, …), so a change
 * in the machine's background load falls on all targets alike and their ratios stay fair.
 */
export async function measureSideBySide(targets: LoadTarget[], options: LoadOptions): Promise<Measurement[]> {
  if (options.warmupSeconds > 0) {
    for (const target of targets) await run(target, options.warmupSeconds, options.connections);
  }
  const tallies = targets.map(() => new Tally());
  const slice = options.seconds / options.slices;
  for (let s = 0; s < options.slices; s++) {
    for (let k = 0; k < targets.length; k++) {
      const i = (s + k) % targets.length;
      await run(targets[i] as LoadTarget, slice, options.connections, tallies[i]);
    }
  }
  return tallies.map((t) => t.result());
}
