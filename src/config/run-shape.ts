import { availableParallelism } from 'node:os';
import { IN_FLIGHT_PER_WORKER, workerShare } from '../transport/pacer.js';
import type { Target } from './config.js';

/**
 * Set by `npm run conformance` for the Playwright run it starts: the fastest answer of the target's slowest
 * operation in the preflight, in whole ms (src/preflight/preflight-run.ts). Never set by a user.
 */
export const ROUND_TRIP_VAR = 'PG_ROUND_TRIP_MS';

/**
 * A target whose slowest operation answered the preflight within this is near: its run is bound by this
 * machine's CPU, as a run on the mock is. From this on, the run waits on the network most of its time.
 * Measured on a 2-core machine (docs/speed.md): with 50 ms added to every answer, 2 workers and 4 took the
 * same time; with 0, 2 were 3 s faster; with 90 and 150, 4 were 2 and 5 s faster.
 */
export const DISTANT_FROM_MS = 50;

/**
 * What a run uses when PG_WORKERS and PG_IN_FLIGHT are unset, by how far the target is.
 * - near (the mock, or a target that answered the preflight within DISTANT_FROM_MS): two workers keep a
 *   2-core machine busy, and a third or fourth only adds its start-up and its share of the cores; with
 *   answers back in a few ms, two requests in flight a worker are as fast as eight (docs/speed.md), and
 *   fewer in flight is fewer 429s when a rate limit is first met (every request in flight then meets it).
 * - distant (farther, or not measured: a Playwright run started without `npm run conformance`): a worker
 *   waiting on an answer leaves its core to another, so four let the waits of one overlap the work of the
 *   others, and eight requests in flight each let a test's independent requests share one round trip. Four
 *   keep the run's memory under 1 GB (a worker is about 150 MB).
 * - slow (an operation answering SLOW_FROM_MS late or later): most tests wait on one answer of that operation,
 *   and a worker runs one test at a time, so eight workers overlap more of those waits than the cores lose to
 *   their start-up. Measured against slow-tokenize (every tokenize 1.2 s late; docs/bench.md): black-box, 4
 *   workers 33.0 s, 5 31.3 s, 6 29.2 s a run; with the control API (2026-12-03, medians of 3), 6 workers
 *   25.3 s, 8 21.7 s, 10 20.9 s: past eight, the start-up of each further worker eats what it overlaps. The
 *   memory is the price (docs/speed.md).
 */
export const RUN_SHAPES = {
  near: { workers: 2, inFlightPerWorker: 2 },
  distant: { workers: 4, inFlightPerWorker: IN_FLIGHT_PER_WORKER },
  slow: { workers: 8, inFlightPerWorker: IN_FLIGHT_PER_WORKER },
} as const;

export type Distance = keyof typeof RUN_SHAPES;

/**
 * The most requests in flight a worker may have for an operation family whose answers are slow (pacer.ts's
 * lanes follow its latency up to this): a property's generated inputs (25) at once, so a test waits on one
 * round trip of a slow operation, not four. Measured black-box against a mock whose tokenize answers 1.2 s
 * late (docs/bench.md): with 8, each property took 4.9 s; with 32, 1.2 s. A target that limits the requests
 * it takes answers 429 and the pace is learned as ever.
 */
export const SLOW_IN_FLIGHT_PER_WORKER = 32;

/**
 * A target whose slowest operation answered the preflight this late is slow: its tests wait on that operation
 * most of their time, a worker's cores idle, and more workers overlap more of the waits. No load on this
 * machine makes a loopback mock this slow; a variation such as slow-tokenize does.
 */
export const SLOW_FROM_MS = 500;

/**
 * How far the target is, as the run's defaults read it. The mock is near unless its preflight measured an
 * operation at SLOW_FROM_MS or more: on a busy machine its answers may take longer than DISTANT_FROM_MS, and its
 * run stays CPU-bound. `npm run conformance` times the embedded mock's twin as the preflight times a target.
 */
export function distanceOf(env: NodeJS.ProcessEnv, target: Target): Distance {
  const raw = env[ROUND_TRIP_VAR]?.trim();
  const ms = raw ? Number(raw) : NaN;
  if (Number.isFinite(ms) && ms >= SLOW_FROM_MS) return 'slow';
  if (target === 'mock') return 'near';
  return Number.isFinite(ms) && ms >= 0 && ms < DISTANT_FROM_MS ? 'near' : 'distant';
}

/**
 * PG_WORKERS as a number, or the default for the target's distance; call after validation. A near mock answers
 * from this machine, its process sharing the cores with Playwright's runner and the workers: it gets a worker
 * for every two cores (Playwright's own default), at most the near shape's. On 2 cores, one worker ran the
 * embedded suite in the wall time of two for 0.80× the CPU (docs/speed.md).
 */
export function workersOf(env: NodeJS.ProcessEnv, target: Target, cores = availableParallelism()): number {
  const raw = env.PG_WORKERS?.trim();
  if (raw) return Number(raw);
  const distance = distanceOf(env, target);
  return target === 'mock' && distance === 'near'
    ? Math.min(RUN_SHAPES.near.workers, Math.max(1, Math.floor(cores / 2)))
    : RUN_SHAPES[distance].workers;
}

/** The most one worker may have in flight for a slow family: its share of PG_IN_FLIGHT, or SLOW_IN_FLIGHT_PER_WORKER. */
export function mostInFlightPerWorker(inFlight: number | undefined, workers: number, shards = 1): number {
  return inFlight === undefined ? SLOW_IN_FLIGHT_PER_WORKER : inFlightPerWorker(inFlight, 'distant', workers, shards);
}

/**
 * The requests in flight one worker may have: its share of PG_IN_FLIGHT (`inFlight`, divided among the
 * run's workers and shards, at least one), or the default for the target's distance.
 */
export function inFlightPerWorker(
  inFlight: number | undefined,
  distance: Distance,
  workers: number,
  shards = 1,
): number {
  if (inFlight === undefined) return RUN_SHAPES[distance].inFlightPerWorker;
  return Math.max(1, Math.floor(inFlight * workerShare(workers, shards)));
}
