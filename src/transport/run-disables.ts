import { createHash } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeFolder } from './make-folder.js';

/** Which key a disable was sent with: a party's name, never the key. */
export type Party = 'merchant' | 'vendor';

/** A disable of a webhook that succeeded in this run: with whose key, and whether it carried `{}`. */
export type ServedDisable = { party: Party; withBody: boolean };

/**
 * The disables of a webhook that succeeded in this run, across its worker processes: one empty file per
 * webhook, key's party and form, in a folder every worker of the run shares (as `sending-workers.ts` does
 * for the pacer). The webhook ID is hashed into the name, and no key or answer is written. A worker that
 * cannot write or read the folder knows only what it saw itself: it then names PG_WEBHOOK_ID more readily,
 * never less (a served disable is evidence the ID is right, its absence no evidence of anything).
 */
export class RunDisables {
  private readonly seenHere = new Set<string>();

  /** `folder`: one per run and target. */
  constructor(private readonly folder: string) {}

  private static prefix(webhookId: string): string {
    return createHash('sha256').update(webhookId).digest('hex').slice(0, 16);
  }

  served(webhookId: string, disable: ServedDisable): void {
    const name = `${RunDisables.prefix(webhookId)}~${disable.party}~${disable.withBody ? 'json' : 'none'}`;
    this.seenHere.add(name);
    try {
      makeFolder(this.folder);
      writeFileSync(join(this.folder, name), '');
    } catch {
      // Kept in this worker only (seenHere).
    }
  }

  /** Every disable of `webhookId` that succeeded so far in the run, in any worker. */
  servedEarlier(webhookId: string): ServedDisable[] {
    const prefix = `${RunDisables.prefix(webhookId)}~`;
    let names: string[] = [];
    try {
      names = readdirSync(this.folder);
    } catch {
      // No folder yet: nothing served anywhere but maybe here.
    }
    const all = new Set([...names, ...this.seenHere].filter((n) => n.startsWith(prefix)));
    return [...all].flatMap((name) => {
      const [, party, form] = name.split('~');
      if ((party !== 'merchant' && party !== 'vendor') || (form !== 'none' && form !== 'json')) return [];
      return [{ party, withBody: form === 'json' }];
    });
  }
}
