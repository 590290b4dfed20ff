import { expect, test } from '../testing/fixtures.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { SLOW_TOKENIZE_MS } from '../mock/behaviours/link/slow-link.js';
import { startMock } from '../mock/start.js';
import { DISTANT_FROM_MS, SLOW_FROM_MS } from '../config/run-shape.js';
import { probeAnswerTimes, slowestFastestMs } from './answer-times.js';

const merchant = { merchantId: MOCK_DEFAULTS.merchantId, apiKey: MOCK_DEFAULTS.apiKey };

async function probed(variants: string[]): Promise<number> {
  const mock = await startMock({ variants });
  try {
    return slowestFastestMs(await probeAnswerTimes(mock.url, merchant));
  } finally {
    await mock.close();
  }
}

test("a target's distance is its slowest operation's fastest answer", () => {
  const times = [
    { operation: 'listCustomers', ms: 90 }, // the first answer on a connection pays for opening it
    { operation: 'listCustomers', ms: 4 },
    { operation: 'tokenize', ms: 1300 },
    { operation: 'tokenize', ms: 1210 },
  ];
  expect(slowestFastestMs(times)).toBe(1210);
});

test('the embedded mock is timed as the preflight times a target: near as it is, slow with a slow tokenize', async () => {
  expect(await probed([])).toBeLessThan(DISTANT_FROM_MS);
  const slow = await probed(['slow-tokenize']);
  expect(slow).toBeGreaterThanOrEqual(SLOW_TOKENIZE_MS);
  expect(slow).toBeGreaterThanOrEqual(SLOW_FROM_MS);
});
