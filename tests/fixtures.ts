import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base, expect, type TestDetails, type TestInfo } from '@playwright/test';
import { suiteConfig, type ResolvedConfig } from '../src/config/suite-env.js';
import { distanceOf, inFlightPerWorker, mostInFlightPerWorker } from '../src/config/run-shape.js';
import { secretsOf } from '../src/config/config.js';
import { CONFIGURATION_SKIPS, controlApiAbsent, skipBeforeTheTest } from '../src/config/configuration-skips.js';
import { judgeAnswers, reachedFromRegistry, type Judgement } from '../src/checks/registry.js';
import { succeeded, type Exchange } from '../src/transport/exchange.js';
import { DEFAULT_RETRY, disablePath, GatewayClient } from '../src/transport/gateway-client.js';
import { Pacer, workerShare } from '../src/transport/pacer.js';
import { SendingWorkers } from '../src/transport/sending-workers.js';
import { RunDisables } from '../src/transport/run-disables.js';
import { MockControl } from '../src/transport/mock-control-client.js';
import { Redactor } from '../src/evidence/redact.js';
import { keyVariables } from '../src/evidence/reproduce-line.js';
import { propertyCheck, type PropertyCheck } from '../src/generate/check.js';
import {
  RuleViolation,
  failureOf,
  TestRecorder,
  declaredRules,
  declaresWrites,
  ruleAnnotation,
  WRITES_ANNOTATION,
} from '../src/evidence/test-record.js';
import { needOf, ruleById } from '../src/catalogue/rules.js';
import { WebhookReceiver } from '../src/transport/webhook-receiver.js';
import type { ObservationData } from '../src/checks/observation-data.js';
import { LENIENCIES, SERVED, type LeniencyName } from '../src/catalogue/leniencies.js';

/** The Authorization header itself is never attached, not even redacted: only whether one was sent. */
function forAttachment(e: Exchange) {
  const { authorization, ...headers } = e.request.headers;
  return {
    ...e,
    request: {
      ...e.request,
      headers: { ...headers, authorization: authorization === undefined ? '(none)' : '(sent, redacted)' },
    },
  };
}

/**
 * Names the rules a test checks (title says them too). What the test needs comes from the rules' entries in
 * spec/rules.yaml: a rule whose every test writes makes this one write. `writes` is for a test of rules only
 * some tests of which write (a rule "on every operation": its tokenize and disable tests write, its listing
 * test does not), and says whether this one does.
 */
export function rules(ids: string[], options: { writes?: boolean } = {}): TestDetails {
  const named = ids.map((id) => ruleById(id)); // an unknown ID fails at collection, not in the report
  // Said where no rule's entry leaves it open, it would gate a test --list-rules calls reading only, or repeat the entry.
  if (options.writes !== undefined && !named.some((r) => needOf(r, 'writes') === 'some'))
    throw new Error(`${ids.join(', ')}: say whether the test writes only for a rule with needs.writes: some`);
  const writes = options.writes || named.some((r) => needOf(r, 'writes') === 'all');
  return {
    tag: ids.map((id) => `@${id}`),
    annotation: [...ids.map(ruleAnnotation), ...(writes ? [WRITES_ANNOTATION] : [])],
  };
}

/** The record of each running test (one at a time in a worker), by its TestInfo: what the functions below record into. */
const recorders = new WeakMap<object, TestRecorder>();

function recorder(): TestRecorder {
  const found = recorders.get(test.info());
  if (!found) throw new Error('a record of the test is kept only while its fixtures are set up');
  return found;
}

/**
 * Records a judge's judgement (src/checks/judge.ts) of the exchanges it names: counts what it judged, and fails the
 * test with a RuleViolation, its finding recorded first, when it found problems. A test writes no verdict of its own:
 * only a judgement a judge of the rule's registry entry made is taken.
 */
type Verify = (judgement: Judgement, ...exchanges: Exchange[]) => void;
/** Records how many things a check of `ruleId` judged; `what` is a plural noun phrase ("card numbers in 25 records"). */
type CountJudged = (ruleId: string, count: number, what: string) => void;
/** Records why a check of `ruleId` judged nothing, and what would make it exercisable. */
type NotExercisedFn = (ruleId: string, reason: string) => void;

/** An observation: the sentence for people, `data` (a stable kind, what it is about, the value) for --baseline. */
type Observe = (ruleId: string, text: string, data?: ObservationData) => void;
/**
 * Records that the gateway served the probe of a notable leniency (src/catalogue/leniencies.ts) on `operation`:
 * an observation of the leniency's rule, which the test must name, so the report keeps it.
 */
type ObserveLeniency = (name: LeniencyName, operation: string, text: string) => void;

// What a test records goes into the running test's one record (the `recorder` fixture): functions, not
// fixtures, so none is a fixture step of its own around every test.

export const verify: Verify = (judgement, ...exchanges) => {
  // A judgement no judge of the registry made would be a verdict docs/rules.md cannot name.
  if (!reachedFromRegistry(judgement))
    throw new Error(`a judgement of ${judgement.ruleId} that no judge of its registry entry made`);
  const record = recorder();
  if (judgement.problems.length) {
    const evidence = [...exchanges, ...(judgement.evidence ?? [])];
    const { ruleId, problems, expected } = judgement;
    throw failureOf(record, [new RuleViolation(ruleId, [...problems], expected, evidence, record.redactor)]);
  }
  if (judgement.judged?.count) record.judged(judgement.ruleId, judgement.judged.count, judgement.judged.what);
};

/** "Passed means exercised": a rule whose checks judged nothing is reported "not exercised", never "passed". */
export const countJudged: CountJudged = (ruleId, count, what) => recorder().judged(ruleId, count, what);
export const notExercised: NotExercisedFn = (ruleId, reason) => recorder().notExercised(ruleId, reason);
/** What a gateway did where the document leaves it open: recorded, never a failure. */
export const observe: Observe = (ruleId, text, data) => recorder().observe(ruleId, text, data);

export const observeLeniency: ObserveLeniency = (name, operation, text) => {
  const { rule } = LENIENCIES[name];
  // A leniency belongs to its rule: a test that probes it says so in rules().
  if (!declaredRules(test.info().annotations).includes(rule))
    throw new Error(`a probe of ${name} is observed under ${rule}, which the test must name in rules()`);
  observe(rule, text, { kind: name, subject: operation, value: SERVED });
};

/**
 * A configuration problem a test found (a PG_* value that names nothing on the target): recorded on the running
 * test, so the verdict is CONFIGURATION ERROR (exit 2) rather than a rule's failure.
 */
export function recordConfigurationProblem(problem: string): void {
  recorder().configurationProblem(problem);
}

type TestFixtures = {
  /** The run's target and settings: .env under the environment, validated once per worker. */
  suite: ResolvedConfig;
  /**
   * The test's one record (src/evidence/test-record.ts), written at its end for the reporters; it skips first a test
   * whose rules need in every test (spec/rules.yaml's `needs`) what this run lacks.
   */
  recorder: TestRecorder;
  /** The disables of PG_WEBHOOK_ID that succeeded in this run, across its workers (run-disables.ts). */
  disables: RunDisables;
  gateway: GatewayClient;
  vendor: { vendorId: number };
  mock: MockControl;
  /** A local notification endpoint, stopped after the test. */
  receiver: WebhookReceiver;
  /** Hands out a webhook the test may disable: a fresh one on the mock, PG_WEBHOOK_ID elsewhere (or skips). */
  takeWebhook: () => Promise<string>;
  /** Checks rules on generated inputs (PG_SEED, PG_GENERATED_RUNS); a failure shows the seed and the shrunk input. */
  property: PropertyCheck;
};

/** One redactor per configuration: what it takes out is the configuration's secrets. */
const redactors = new WeakMap<ResolvedConfig, Redactor>();

// Reproduce lines write the keys as $PG_API_KEY / $PG_VENDOR_API_KEY; on the mock every other value is the suite's own.
function redactorOf(suite: ResolvedConfig): Redactor {
  let redactor = redactors.get(suite);
  if (!redactor) {
    redactor = new Redactor(secretsOf(suite), {
      variables: keyVariables({ merchantKey: suite.merchant.apiKey, vendorKey: suite.vendor?.apiKey }),
      sender: suite.target === 'mock' ? 'suite on the mock' : 'suite',
    });
    redactors.set(suite, redactor);
  }
  return redactor;
}

/** One pacer per target for the worker's life: the pace it learns from a 429 holds for the tests after. */
const pacers = new Map<string, Pacer>();

// PG_MAX_RPS and PG_IN_FLIGHT are for the whole run; each worker is its own process and takes its share.
// Without PG_MAX_RPS it paces nothing until the target answers 429, then learns the pace (pacer.ts).
function pacerOf(suite: ResolvedConfig, testInfo: TestInfo): Pacer {
  let pacer = pacers.get(suite.baseUrl);
  if (!pacer) {
    const { workers, shard } = testInfo.config;
    const share = workerShare(workers, shard?.total);
    // One folder per run and target; one file per worker slot.
    const folder = runFolder(testInfo.project.outputDir, '.sending', suite.baseUrl);
    pacer = new Pacer(
      suite.maxRps ? suite.maxRps * share : undefined,
      inFlightPerWorker(suite.inFlight, distanceOf(process.env, suite.target), workers, shard?.total),
      share,
      new SendingWorkers(folder, String(testInfo.parallelIndex)),
      // A slow operation may have more in flight, within PG_IN_FLIGHT (run-shape.ts).
      mostInFlightPerWorker(suite.inFlight, workers, shard?.total),
    );
    pacers.set(suite.baseUrl, pacer);
  }
  return pacer;
}

/** A folder of the run (Playwright empties its output folder first) for one target: what its workers share. */
const runFolder = (outputDir: string, what: string, baseUrl: string) =>
  join(outputDir, what, createHash('sha256').update(baseUrl).digest('hex').slice(0, 16));

/**
 * No step of their own for the fixtures: each step captures a stack trace through source maps and crosses to
 * the runner twice, and a test sets up five fixtures or more. What they do stays in the test's record and its
 * error; the steps inside them (a property's, an expect's) are still shown.
 */
const NO_STEP = { box: 'self' } as const;

export const test = base.extend<TestFixtures>({
  suite: [async ({}, use) => use(suiteConfig()), NO_STEP],

  // Writing comes from `rules()`: a rule whose every test writes, or the test saying it does.
  recorder: [
    async ({ suite }, use, testInfo) => {
      const testRules = declaredRules(testInfo.annotations).map(ruleById);
      const skip = skipBeforeTheTest(testRules, declaresWrites(testInfo.annotations), suite);
      testInfo.skip(!!skip, skip);
      const record = new TestRecorder(redactorOf(suite));
      recorders.set(testInfo, record);
      await use(record);
      testInfo.annotations.push(record.annotation());
    },
    { auto: true, ...NO_STEP },
  ],

  disables: [
    async ({ suite }, use, testInfo) =>
      use(new RunDisables(runFolder(testInfo.project.outputDir, '.disabled', suite.baseUrl))),
    NO_STEP,
  ],

  // Every answer a test receives is held to the registry's single-exchange checks once the test is done with
  // it: the same pipeline, on the same answers, as the traffic proxy (checks/registry.ts's judgeAnswers).
  gateway: [
    async ({ suite, recorder: record, disables }, use, testInfo) => {
      const redactor = record.redactor;
      const client = new GatewayClient(
        suite.baseUrl,
        { merchantKey: suite.merchant.apiKey, vendorKey: suite.vendor?.apiKey },
        // Production writes, when allowed at all, may disable only the operator's named webhook.
        {
          allowWrites: suite.allowWrites,
          webhooks: suite.target === 'production' ? [suite.webhookId ?? ''] : undefined,
        },
        (text) => redactor.text(text),
        // A tokenize of unknown outcome (a 502, a reset) is sent again only where a second stored card is harmless.
        { ...DEFAULT_RETRY, resendUnknownPosts: suite.target !== 'production' },
        pacerOf(suite, testInfo),
      );
      if (suite.merchant.idForm === 'number') client.merchantIdAsNumber = suite.merchant.merchantId;
      // A served disable of PG_WEBHOOK_ID shows every worker after it that the ID is right.
      const configured = suite.webhookId === undefined ? undefined : `${suite.baseUrl}${disablePath(suite.webhookId)}`;
      client.onExchange = (e, auth) => {
        if (e.request.url === configured && succeeded(e) && typeof auth === 'string')
          disables.served(suite.webhookId!, { party: auth, withBody: e.request.body !== undefined });
      };
      // Kept current at each 429: a test that runs out of time says what its time went on.
      client.onRateLimitWait = () => record.rateLimited(client.rateLimited, client.learnedLimits());
      // Waiting on the target's pace, its holds and its slow answers is not the test's work (gateway-client.ts).
      client.onWaited = (ms) => testInfo.setTimeout(testInfo.timeout + ms);
      // Target unavailable or misconfigured: the class travels as data, the error's message is for people.
      client.onStopped = (stopped) => record.stopped(stopped);
      await use(client);
      // What was sent and received, redacted: the trace does not show requests (see GatewayClient).
      // A file, not a body: a property's vault walks run to megabytes, which as a body cross from worker to
      // runner base64-encoded and are copied into results.json and the HTML report's zipped data. Pushed, not
      // attach()ed, which would copy the file once more and record a step for it.
      if (client.exchanges.length) {
        const path = testInfo.outputPath('exchanges.json');
        await writeFile(path, redactor.json(client.exchanges.map(forAttachment)));
        testInfo.attachments.push({ name: 'exchanges.json', contentType: 'application/json', path });
      }
      const violations = record.answered(client.exchanges, judgeAnswers(client.exchanges), client.learnedLimits());
      const failure = failureOf(record, violations);
      if (failure) throw failure;
    },
    NO_STEP,
  ],

  property: [
    async ({ recorder: record, suite }, use, testInfo) =>
      use(propertyCheck(record.redactor, record, pacerOf(suite, testInfo).lanes)),
    NO_STEP,
  ],

  vendor: [
    async ({ suite }, use, testInfo) => {
      testInfo.skip(!suite.vendor, CONFIGURATION_SKIPS.vendor.reason);
      await use({ vendorId: suite.vendor!.vendorId });
    },
    NO_STEP,
  ],

  mock: [
    async ({ suite }, use, testInfo) => {
      const absent = controlApiAbsent(suite.target);
      testInfo.skip(absent !== undefined, absent);
      await use(new MockControl(suite.baseUrl));
    },
    NO_STEP,
  ],

  receiver: [
    async ({}, use) => {
      const receiver = new WebhookReceiver();
      await receiver.start();
      await use(receiver);
      await receiver.stop();
    },
    NO_STEP,
  ],

  takeWebhook: [
    async ({ suite }, use, testInfo) => {
      await use(async () => {
        if (suite.target === 'mock') {
          // Port 9 (discard) on loopback: nothing is enqueued for it, so nothing is ever posted.
          return (await new MockControl(suite.baseUrl).createWebhook('http://127.0.0.1:9/unused')).webhook_id;
        }
        testInfo.skip(!suite.webhookId, CONFIGURATION_SKIPS.webhook.reason);
        return suite.webhookId!;
      });
    },
    NO_STEP,
  ],
});

/** Quotes a shell or a CI secret kept inside a PG_* value: named in the sentence when the target refuses it. */
export { quotesKept, wrappedInQuotes } from '../src/config/pasted-values.js';

/** Skips that are properties of a real target; spec files name them by these reasons. */
export { TARGET_SKIPS } from '../src/config/configuration-skips.js';
export { expect };

// What the fixtures hand a test and what it reads off their answers: spec files reach src/ through this file,
// the checks registry (src/checks/registry.ts) and inputs.ts, never a module deeper in (docs/layers.md).
export type { ResolvedConfig } from '../src/config/suite-env.js';
export type { Auth, GatewayClient } from '../src/transport/gateway-client.js';
export { bodyField, succeeded, type Exchange } from '../src/transport/exchange.js';
export type { RunDisables } from '../src/transport/run-disables.js';
export { atOnce } from '../src/transport/at-once.js';
export type { LeniencyName } from '../src/catalogue/leniencies.js';
export type { PropertyFinding } from '../src/generate/property.js';
