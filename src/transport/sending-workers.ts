import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WHOLE_TARGET, type Hold, type Scope, type Senders } from './pacer.js';

/** A worker that sent nothing for this long (a test that only computes, the end of its queue) is not sending. */
export const SENDING_MS = 2_500;
/**
 * A worker marks itself sending at most this often, and counts the others at most this often. A mark holds
 * the requests it let go in the second before: read with the others' after a 429, they are what the run
 * let go, at most MARK_MS behind.
 */
const MARK_MS = 500;
const COUNT_MS = 500;
/**
 * The file of the last 429 a worker of the run met for the whole target, and with `-<scope>` for one scope;
 * every other name in the folder is a worker's.
 */
const HOLD_FILE = 'hold';
const holdFile = (scope: Scope | undefined) => (!scope || scope === WHOLE_TARGET ? HOLD_FILE : `${HOLD_FILE}-${scope}`);

/** A mark's requests in `scope`: a mark is the count for the whole target, or the counts by scope. */
function recentIn(mark: unknown, scope: Scope): number {
  if (typeof mark === 'number') return scope === WHOLE_TARGET ? mark : 0;
  if (typeof mark !== 'object' || mark === null) return 0;
  const value = (mark as Record<string, unknown>)[scope];
  return typeof value === 'number' ? value : 0;
}

/**
 * What the workers of a run pacing one target tell one another, through a folder they all share. Each
 * worker touches its own file as it sends, and counts the files touched in the last SENDING_MS: the pacer
 * divides the rate it learned from 429s among the workers counted, so the last worker of a run, left with
 * a long test, may use the whole of it. A worker that meets a 429 writes the hold and the run's rate it
 * learned to one file, which the others read before each request (and again after waiting for its time):
 * the 429 one worker met holds them all, not each in turn. The worker that meets a 429 reads the others'
 * marks, the requests each let go in the second before, to tell the rate the whole run met the limit at.
 * Nothing is started or stopped: a worker that ends
 * stops touching its file. A folder that cannot be written leaves each worker alone, pacing on its own 429s.
 */
export class SendingWorkers implements Senders {
  private markedAt = -Infinity;
  private countedAt = -Infinity;
  private counted = 1;
  private readonly holdsRead = new Map<string, { mtimeMs: number; hold: Hold | undefined }>();

  /** `folder`: one per run and target; `name`: this worker's, the same for a worker that replaces it. */
  constructor(
    private readonly folder: string,
    private readonly name: string,
  ) {}

  /** `recent`: the requests this worker let go in the second before, in all or by scope. */
  sending(recent: number | Record<Scope, number>, now = Date.now()): void {
    if (now - this.markedAt < MARK_MS) return;
    this.markedAt = now;
    try {
      mkdirSync(this.folder, { recursive: true });
      writeFileSync(join(this.folder, this.name), JSON.stringify(recent));
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
        if (name.startsWith(HOLD_FILE)) continue;
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

  /**
   * What the run let go in `scope` in the second before: `own` (this worker's, counted now) and each other worker's
   * last mark, if written within the second before (an older one is a worker that has stopped sending).
   * Read only after a 429, so a directory read and a few small files at a time.
   */
  runRecent(own: number, scope: Scope = WHOLE_TARGET, now = Date.now()): number {
    let others = 0;
    try {
      for (const name of readdirSync(this.folder)) {
        if (name.startsWith(HOLD_FILE) || name === this.name) continue;
        try {
          const file = join(this.folder, name);
          if (now - statSync(file).mtimeMs > 1000) continue;
          const recent = recentIn(JSON.parse(readFileSync(file, 'utf8')), scope);
          if (Number.isFinite(recent) && recent > 0) others += recent;
        } catch {
          // gone meanwhile
        }
      }
    } catch {
      // no folder: no other worker has sent
    }
    return own + others;
  }

  /** Written whole under another name, then renamed over the last one: a reader never sees half of it. */
  held(hold: Hold): void {
    try {
      mkdirSync(this.folder, { recursive: true });
      const file = join(this.folder, holdFile(hold.scope));
      writeFileSync(`${file}.${this.name}`, JSON.stringify(hold));
      renameSync(`${file}.${this.name}`, file);
    } catch {
      // The others learn it from their own 429s.
    }
  }

  /**
   * The last hold any worker wrote for `scope`; read again only when the file changed (a stat a scope a
   * request, one more after a wait).
   */
  lastHold(scope?: Scope): Hold | undefined {
    const name = holdFile(scope);
    let read = this.holdsRead.get(name);
    try {
      const { mtimeMs } = statSync(join(this.folder, name));
      if (mtimeMs !== read?.mtimeMs) {
        read = { mtimeMs, hold: JSON.parse(readFileSync(join(this.folder, name), 'utf8')) as Hold };
        this.holdsRead.set(name, read);
      }
    } catch {
      // none yet, or being replaced: the last one read stands
    }
    return read?.hold;
  }
}
