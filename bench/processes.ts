import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import dotenv from 'dotenv';

/**
 * The environment every child of the bench gets: this one without PG_* and MOCK_* variables, so a
 * developer's shell cannot point a measurement at another target. Keys a local .env would supply are
 * set empty, which the suite and the mock read as unset and which dotenv does not overwrite.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('PG_') && !key.startsWith('MOCK_')) env[key] = value;
  }
  if (existsSync('.env')) {
    for (const key of Object.keys(dotenv.parse(readFileSync('.env')))) env[key] = '';
  }
  return { ...env, PG_TARGET: 'mock', ...extra };
}

// USER_HZ, the unit of /proc's CPU times, is 100 on Linux.
const TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after the parenthesised command name (field 3 onwards), or undefined off Linux. */
function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a running process has used so far; undefined off Linux. */
export function cpuSeconds(pid: number): number | undefined {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 (1-based), 11 and 12 here.
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND : undefined;
}

/**
 * CPU seconds used by this process's children that have ended, their own ended children included (cutime
 * and cstime, fields 16 and 17): the whole tree of a command once it has exited; undefined off Linux.
 */
function endedChildrenCpuSeconds(): number | undefined {
  const fields = statFields('self');
  return fields ? (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND : undefined;
}

/** Sends `sig` to a child the bench started, or to its whole process group, unless it has ended. */
function signalChild(child: ChildProcess, group: boolean, sig: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (group) process.kill(-child.pid, sig);
    else child.kill(sig);
  } catch {
    // already gone
  }
}

/** Children still running, ended if the bench itself is stopped or exits. */
const live = new Map<ChildProcess, boolean>();

function killAllNow(): void {
  for (const [child, group] of live) signalChild(child, group, 'SIGKILL');
}
process.on('exit', killAllNow);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    killAllNow();
    process.exit(130);
  });
}

function track(child: ChildProcess, group: boolean): ChildProcess {
  live.set(child, group);
  child.once('exit', () => live.delete(child));
  return child;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Ends a child the bench started: SIGTERM, then SIGKILL after `graceMs`. `group` signals its process group. */
async function stopChild(child: ChildProcess, group = false, graceMs = 3_000): Promise<void> {
  signalChild(child, group, 'SIGTERM');
  if (!(await waitForExit(child, graceMs))) {
    signalChild(child, group, 'SIGKILL');
    await waitForExit(child, graceMs);
  }
}

export type Server = {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
};

/**
 * Spawns a server process and resolves once it prints `listening on http://127.0.0.1:<port>`; every later
 * line of its stdout goes to `onLine`.
 */
export function startServer(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void = () => {},
  timeoutMs = 30_000,
): Promise<Server> {
  const child = track(spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }), false);
  let output = '';
  let settled = false;
  let partial = '';
  const lines = (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) onLine(line);
  };
  return new Promise<Server>((resolve, reject) => {
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stopChild(child).then(() => reject(new Error(`${name}: ${why}\n${output.slice(-2_000)}`)));
    };
    const timer = setTimeout(() => fail(`no "listening on" line within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] && child.pid !== undefined && !settled) {
        settled = true;
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // What follows the line that named the URL is the server's own output from then on.
        partial = output.slice(output.indexOf('\n', match.index) + 1);
        child.stdout?.on('data', lines);
        resolve({ name, url: match[1], pid: child.pid, stop: () => stopChild(child) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString('utf8');
    });
    child.once('error', (e) => fail(e.message));
    child.once('exit', (code, sig) => fail(`exited early (${sig ?? `code ${code}`})`));
  });
}

const MEMORY_POLL_MS = 200;

/** A process's proportional set size in KiB (/proc/<pid>/smaps_rollup), or 0 if it has ended or is not readable. */
function pssKiB(pid: string): number {
  try {
    return Number(/^Pss:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The memory in MiB of every process in process group `pgid` (field 5 of /proc/<pid>/stat), added up as
 * proportional set sizes: a page shared by several processes (the node binary every one of them maps) is
 * counted once, in shares, so the sum is the memory the group holds. Resident sizes added up would count the
 * node binary once per process, about 45 MiB each. Undefined off Linux; a process that ends between the
 * listing and its reading is left out.
 */
function groupMemoryMiB(pgid: number): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let kib = 0;
  for (const pid of pids) {
    const fields = statFields(Number(pid));
    // pgrp is field 5 (1-based), 2 here.
    if (fields && Number(fields[2]) === pgid) kib += pssKiB(pid);
  }
  return kib / 1024;
}

/**
 * The most memory process group `pgid` held, sampled every MEMORY_POLL_MS until `stop()` (a peak shorter than
 * that may fall between samples); undefined off Linux.
 */
function watchGroupMemory(pgid: number): { stop(): number | undefined } {
  let peak = groupMemoryMiB(pgid);
  const poll = () => {
    const now = groupMemoryMiB(pgid);
    if (now !== undefined) peak = Math.max(peak ?? 0, now);
  };
  const timer = peak === undefined ? undefined : setInterval(poll, MEMORY_POLL_MS).unref();
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

export type CommandRun = {
  code: number | null;
  ms: number;
  /** CPU seconds of the command's whole process tree; undefined off Linux. */
  cpuSeconds: number | undefined;
  /**
   * The most memory the command's process group held at once, every process in it added up as proportional
   * set sizes (npm, the runner, its workers, a mock it embeds), in MiB; undefined off Linux.
   */
  peakMemoryMiB: number | undefined;
  output: string;
  timedOut: boolean;
};

/**
 * Runs a command to completion (bounded by `timeoutMs`, its process group killed past it). Its CPU is what
 * the bench's ended children gained meanwhile, so no other child of the bench may end while it runs. It runs
 * in its own process group, whose memory is sampled while it runs.
 */
export function timeCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<CommandRun> {
  const cpuBefore = endedChildrenCpuSeconds();
  const started = performance.now();
  const child = track(spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }), true);
  // detached: the child leads a new process group, whose ID is its PID.
  const memory = child.pid === undefined ? undefined : watchGroupMemory(child.pid);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopChild(child, true);
  }, timeoutMs);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      const peakMemoryMiB = memory?.stop();
      const cpuAfter = endedChildrenCpuSeconds();
      const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
      clearTimeout(timer);
      // The output may still be in the pipes: wait for them to close, but not for a grandchild holding them.
      const done = () => resolve({ code, ms, cpuSeconds: cpu, peakMemoryMiB, output, timedOut });
      const grace = setTimeout(done, 2_000);
      child.once('close', () => {
        clearTimeout(grace);
        done();
      });
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      memory?.stop();
      resolve({
        code: null,
        ms: performance.now() - started,
        cpuSeconds: undefined,
        peakMemoryMiB: undefined,
        output: `${output}\n${e.message}`,
        timedOut,
      });
    });
  });
}
