import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Senders } from './pacer.js';

/** A worker that sent nothing for this long (a test that only computes, the end of its queue) is not sending. */
export const SENDING_MS = 2_500;
/** A worker marks itself sending at most this often, and counts the others at most this often. */
const MARK_MS = 500;
const COUNT_MS = 500;

/**
 * Which workers of a run are sending requests to one target, told through a folder they all share: each
 * worker touches its own file as it sends, and counts the files touched in the last SENDING_MS. No worker
 * tells another anything, and there is nothing to start or stop: a worker that ends simply stops touching its
 * file. The pacer divides the rate it learned from 429s among the workers counted, so the last worker
 * of a run, left with a long test, may use the whole of it. A folder that cannot be written counts one.
 */
export class SendingWorkers implements Senders {
  private markedAt = -Infinity;
  private countedAt = -Infinity;
  private counted = 1;

  /** `folder`: one per run and target; `name`: this worker's, the same for a worker that replaces it. */
  constructor(
    private readonly folder: string,
    private readonly name: string,
  ) {}

  sending(now = Date.now()): void {
    if (now - this.markedAt < MARK_MS) return;
    this.markedAt = now;
    try {
      mkdirSync(this.folder, { recursive: true });
      writeFileSync(join(this.folder, this.name), '');
    } catch {
      // Counted as not sending: the others take a larger share, as if this worker had ended.
    }
  }

  count(now = Date.now()): number {
    if (now - this.countedAt < COUNT_MS) return this.counted;
    this.countedAt = now;
    let sending = 0;
    try {
      for (const name of readdirSync(this.folder)) {
        try {
          if (now - statSync(join(this.folder, name)).mtimeMs < SENDING_MS) sending++;
        } catch {
          // gone meanwhile
        }
      }
    } catch {
      // no folder yet: nobody has sent
    }
    this.counted = Math.max(1, sending);
    return this.counted;
  }
}
