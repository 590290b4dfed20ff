import { expect } from './fixtures.js';

/** Waits for a condition to hold, polling; false when it did not hold within the time. */
export async function eventually(condition: () => boolean | Promise<boolean>, timeout = 5_000): Promise<boolean> {
  try {
    await expect.poll(condition, { timeout, intervals: [10, 25, 50, 100] }).toBe(true);
    return true;
  } catch {
    return false;
  }
}
