import { expect, test } from '../testing/fixtures.js';
import { IN_FLIGHT_PER_WORKER } from '../transport/pacer.js';
import {
  DISTANT_FROM_MS,
  ROUND_TRIP_VAR,
  RUN_SHAPES,
  SLOW_IN_FLIGHT_PER_WORKER,
  SLOW_FROM_MS,
  distanceOf,
  inFlightPerWorker,
  mostInFlightPerWorker,
  workersOf,
} from './run-shape.js';

const measured = (ms: string) => ({ [ROUND_TRIP_VAR]: ms });

test('the mock is near unless an operation of it answered SLOW_FROM_MS late or later', () => {
  expect(distanceOf({}, 'mock')).toBe('near');
  expect(distanceOf(measured('120'), 'mock')).toBe('near'); // a busy machine, not a slow operation
  expect(distanceOf(measured(String(SLOW_FROM_MS - 1)), 'mock')).toBe('near');
  expect(distanceOf(measured(String(SLOW_FROM_MS)), 'mock')).toBe('slow');
  expect(workersOf(measured('1203'), 'mock')).toBe(RUN_SHAPES.slow.workers);
});

test('any target whose slowest operation answered SLOW_FROM_MS late or later is slow: more workers wait on it', () => {
  expect(distanceOf(measured(String(SLOW_FROM_MS - 1)), 'sandbox')).toBe('distant');
  expect(distanceOf(measured('1203'), 'production')).toBe('slow');
  expect(workersOf(measured('1203'), 'sandbox')).toBe(RUN_SHAPES.slow.workers);
  expect(RUN_SHAPES.slow.workers).toBeGreaterThan(RUN_SHAPES.distant.workers);
});

test('a slow family may have SLOW_IN_FLIGHT_PER_WORKER in flight a worker, or its share of PG_IN_FLIGHT', () => {
  expect(mostInFlightPerWorker(undefined, 4)).toBe(SLOW_IN_FLIGHT_PER_WORKER);
  expect(mostInFlightPerWorker(16, 4)).toBe(4);
  expect(mostInFlightPerWorker(1, 4)).toBe(1);
});

test('a target that answered the preflight within DISTANT_FROM_MS is near; at it or beyond, distant', () => {
  expect(distanceOf(measured('0'), 'sandbox')).toBe('near');
  expect(distanceOf(measured(String(DISTANT_FROM_MS - 1)), 'production')).toBe('near');
  expect(distanceOf(measured(String(DISTANT_FROM_MS)), 'sandbox')).toBe('distant');
  expect(distanceOf(measured('156'), 'sandbox')).toBe('distant');
});

test('a target nothing measured (a Playwright run started directly) is taken as distant', () => {
  for (const env of [{}, measured(''), measured('abc'), measured('-3')]) {
    expect(distanceOf(env, 'sandbox')).toBe('distant');
  }
});

test('PG_WORKERS decides the workers; unset, the distance does', () => {
  expect(workersOf({ PG_WORKERS: '3' }, 'sandbox')).toBe(3);
  expect(workersOf({ PG_WORKERS: ' 6 ', ...measured('2') }, 'sandbox')).toBe(6);
  expect(workersOf({}, 'mock', 4)).toBe(RUN_SHAPES.near.workers);
  expect(workersOf(measured('2'), 'sandbox')).toBe(RUN_SHAPES.near.workers);
  expect(workersOf(measured('156'), 'sandbox')).toBe(RUN_SHAPES.distant.workers);
  expect(workersOf({}, 'production')).toBe(RUN_SHAPES.distant.workers);
  expect(RUN_SHAPES.near.workers).toBeLessThan(RUN_SHAPES.distant.workers);
});

test('a near mock shares this machine: a worker for every two cores, at least one, at most the near shape', () => {
  expect(workersOf({}, 'mock', 1)).toBe(1);
  expect(workersOf({}, 'mock', 2)).toBe(1);
  expect(workersOf({}, 'mock', 3)).toBe(1);
  expect(workersOf({}, 'mock', 16)).toBe(RUN_SHAPES.near.workers);
  expect(workersOf(measured('2'), 'sandbox', 2)).toBe(RUN_SHAPES.near.workers); // a near target's own cores answer it
  expect(workersOf(measured('1203'), 'mock', 2)).toBe(RUN_SHAPES.slow.workers);
  expect(workersOf({ PG_WORKERS: '2' }, 'mock', 2)).toBe(2);
});

test('PG_IN_FLIGHT is shared among workers and shards; unset, the distance decides a worker’s lanes', () => {
  expect(inFlightPerWorker(32, 'near', 4)).toBe(8);
  expect(inFlightPerWorker(10, 'distant', 4)).toBe(2);
  expect(inFlightPerWorker(3, 'distant', 4, 2)).toBe(1);
  expect(inFlightPerWorker(undefined, 'near', 2)).toBe(RUN_SHAPES.near.inFlightPerWorker);
  expect(inFlightPerWorker(undefined, 'distant', 4, 3)).toBe(IN_FLIGHT_PER_WORKER);
  expect(RUN_SHAPES.near.inFlightPerWorker).toBeLessThan(RUN_SHAPES.distant.inFlightPerWorker);
});
