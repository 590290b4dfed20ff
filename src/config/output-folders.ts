import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeFolder } from '../transport/make-folder.js';

/** What an error code of the file system means to whoever set the folder, in a few words. */
const MEANINGS: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file stands where the folder should be',
  EISDIR: 'a folder stands where the file should be',
  EACCES: 'permission denied',
  EPERM: 'not permitted here',
  EROFS: 'a read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'over the disk quota',
  ENOENT: 'a folder of the path cannot be made here',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'the path loops through symbolic links',
};

/** The error's code with its meaning (`ENOSPC, no space left on the device`), or its message when it has no code. */
export function writeErrorPhrase(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (!code) return error instanceof Error ? error.message : String(error);
  return MEANINGS[code] ? `${code}, ${MEANINGS[code]}` : code;
}

/**
 * Whether this process can make `dir` and write in it, tried for real: the folder is made (and left, as the run
 * would make it), a probe file written and removed. Modes prove nothing (root ignores them; a read-only mount,
 * a full disk or /proc do not show in them). Undefined when it can; else the error's phrase.
 */
export function folderWriteProblem(dir: string): string | undefined {
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    makeFolder(dir);
    writeFileSync(probe, '');
    rmSync(probe);
    return undefined;
  } catch (error) {
    return writeErrorPhrase(error);
  }
}

/**
 * Makes `dir` and writes each file in it, in order. A write the file system refuses (a full disk, a folder removed
 * during the run) stops the writing: `notWritten` is the sentence saying which file and why; `files` are the paths
 * written before it.
 */
export function writeReportFiles(
  dir: string,
  contents: readonly (readonly [name: string, content: string])[],
): { files: string[]; notWritten?: string } {
  const files: string[] = [];
  let file = dir;
  try {
    makeFolder(dir);
    for (const [name, content] of contents) {
      file = join(dir, name);
      writeFileSync(file, content);
      files.push(file);
    }
    return { files };
  } catch (error) {
    // The file system's refusals only: a fault of a format is a bug, and stays one.
    if (!(error as NodeJS.ErrnoException).syscall) throw error;
    return { files, notWritten: `${file} could not be written (${writeErrorPhrase(error)})` };
  }
}

/** A folder a command writes, with the variable that moves it and whether that variable was set. */
export type OutputFolder = { variable: string; dir: string; given: boolean };

/** Where reports go (PG_REPORTS_DIR) and Playwright's per-test output (PG_RESULTS_DIR), with their defaults. */
export function reportsFolder(env: NodeJS.ProcessEnv): OutputFolder {
  return { variable: 'PG_REPORTS_DIR', dir: env.PG_REPORTS_DIR || 'reports', given: !!env.PG_REPORTS_DIR };
}
export function resultsFolder(env: NodeJS.ProcessEnv): OutputFolder {
  return { variable: 'PG_RESULTS_DIR', dir: env.PG_RESULTS_DIR || 'test-results', given: !!env.PG_RESULTS_DIR };
}

/**
 * One sentence for each folder that cannot be made or written, naming its variable: a configuration error, found
 * before any request so that a long run is never lost at its end.
 */
export function outputFolderProblems(folders: readonly OutputFolder[]): string[] {
  return folders.flatMap(({ variable, dir, given }) => {
    const why = folderWriteProblem(dir);
    if (why === undefined) return [];
    const named = given ? `${variable} names ${dir}` : `${dir} (the default of ${variable})`;
    return [`${named}: this user cannot make or write that folder (${why}); set ${variable} to a writable folder`];
  });
}
