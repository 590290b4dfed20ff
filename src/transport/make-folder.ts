import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes `dir` and its missing parents, one level at a time. Node's own `mkdir(dir, { recursive: true })` spins
 * for ever where a parent exists but cannot hold folders (under /proc it meets ENOENT, steps back, meets EEXIST,
 * steps on, …), and reports a full disk as ENOENT; here a second ENOENT after the parent was made is final, and
 * every error keeps its own code (EEXIST: a file where the folder should be; ENOTDIR: a file above it).
 */
export function makeFolder(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(dir).isDirectory()) return;
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw error;
    makeFolder(parent);
    mkdirSync(dir);
  }
}
