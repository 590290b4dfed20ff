import { writeFile } from 'node:fs/promises';
import { expect, type TestDetails, type TestInfo } from '@playwright/test';
import { testWithoutOptionSteps as base } from '../src/config/playwright/playwright-option-steps.js';
import { suiteConfigFor, type ResolvedConfig } from '../src/config/suite-env.js';
import { secretsOf } from '../src/config/config.js';
import {
  CONFIGURATION_SKIPS,
  controlApiSkipReason,
  controlApiTableProblem,
  skipTableProblem,
  type SkipKind,
} from '../src/config/configuration-skips.js';
import { gatewayFindings, judgeAnswers } from '../src/checks/registry.js';
import type { Exchange } from '../src/transport/exchange.js';
import { DEFAULT_RETRY, GatewayClient } from '../src/transport/gateway-client.js';
import { Pacer, perWorkerRate } from '../src/transport/pacer.js';
import { MockControl } from '../src/doubles/mock-control.js';
import { Redactor } from '../src/evidence/redact.js';
import { keyVariables } from '../src/evidence/reproduce-line.js';
import { propertyCheck, type PropertyCheck } from '../src/generate/check.js';
import { RuleViolation } from '../src/evidence/rule-violation.js';
import { runWideOf } from '../src/coverage/run-wide.js';
import { tallyOf } from '../src/coverage/coverage-tally.js';
import { annotation, runWideAnnotations } from '../src/evidence/annotations.js';
import { ruleById } from '../src/catalogue/rules.js';
import { servedAnnotations } from '../src/reporters/records/exercised.js';
import { rateLimitAnnotation } from '../src/reporters/outcomes/budget-outcome.js';
import { WebhookReceiver } from '../src/doubles/webhook-receiver.js';
import type { ObservationData } from '../src/checks/observation-data.js';

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
 * A test that needs what a configuration skip names, whose rules --list-rules would not count as turned off by
 * it, fails at once with the line to change: the table must say what the fixtures do.
 */
function keepSkipTableTrue(kind: SkipKind, testInfo: TestInfo, needs = true): void {
  const problem = skipTableProblem(kind, annotation.rule.read(testInfo.annotations), needs);
  if (problem) throw new Error(problem);
}

/**
 * Names the rules a test checks (title says them too); `writes` marks tests that store or change data;
 * `notInProduction` skips the test in production with a reason no variable lifts (TARGET_SKIPS).
 */
export function rules(ids: string[], options: { writes?: boolean; notInProduction?: string } = {}): TestDetails {
  for (const id of ids) ruleById(id); // an unknown ID fails at collection, not in the report
  return {
    tag: ids.map((id) => `@${id}`),
    annotation: [
      ...ids.map((id) => annotation.rule.write(id)),
      ...(options.writes ? [annotation.writes.write()] : []),
      ...(options.notInProduction ? [annotation.notInProduction.write(options.notInProduction)] : []),
    ],
  };
}

export type Verify = (ruleId: string, problems: string[], expected: string, ...exchanges: Exchange[]) => void;
/** Records how many things a check of `ruleId` judged; `what` is a plural noun phrase ("card numbers in 25 records"). */
export type CountJudged = (ruleId: string, count: number, what: string) => void;
/** Records why a check of `ruleId` judged nothing, and what would make it exercisable. */
export type NotExercisedFn = (ruleId: string, reason: string) => void;

/** An observation: the sentence for people, `data` (a stable kind, what it is about, the value) for --baseline. */
export type Observe = (ruleId: string, text: string, data?: ObservationData) => void;

type TestFixtures = {
  /**
   * The target of one verify:suite run, in place of the process's environment: that command's runs share
   * workers, and each of its test files names its run's target (see src/suite-power/run-files.ts).
   */
  runEnv: Record<string, string> | undefined;
  suite: ResolvedConfig;
  redactor: Redactor;
  pacer: Pacer;
  /** A verify:suite run's failure is its data, not a broken worker: the worker goes on to the next test. */
  keepWorker: void;
  gateway: GatewayClient;
  /** Fails the test with a RuleViolation when `problems` is not empty. */
  verify: Verify;
  /**
   * Records what a gateway did where the document leaves it open: an annotation, never a failure.
   * `data` (a stable kind, what it is about, the value) lets two runs be compared (--baseline).
   */
  observe: Observe;
  /** "Passed means exercised": a rule whose checks judged nothing is reported "not exercised", never "passed". */
  countJudged: CountJudged;
  notExercised: NotExercisedFn;
  vendor: { vendorId: number };
  mock: MockControl;
  /** A local notification endpoint, stopped after the test. */
  receiver: WebhookReceiver;
  /** Hands out a webhook the test may disable: a fresh one on the mock, PG_WEBHOOK_ID elsewhere (or skips). */
  takeWebhook: () => Promise<string>;
  writeGuard: void;
  /** Checks rules on generated inputs (PG_SEED, PG_GENERATED_RUNS); a failure shows the seed and the shrunk input. */
  property: PropertyCheck;
};

/**
 * A test's own fixtures record no step of their own: each step is a captured stack and two messages from
 * worker to runner, some 1,000 a run for fixtures every test uses, and the HTML report showed them only as
 * "Fixture …" lines under the hooks. What they check and attach is unchanged; a failure in one still fails
 * the test, shown under Before or After Hooks.
 */
const BOXED = { box: 'self' } as const;

const redactors = new WeakMap<ResolvedConfig, Redactor>();
const pacers = new WeakMap<ResolvedConfig, Pacer>();
function perTarget<T>(cache: WeakMap<ResolvedConfig, T>, suite: ResolvedConfig, make: () => T): T {
  if (!cache.has(suite)) cache.set(suite, make());
  return cache.get(suite) as T;
}

export const test = base.extend<TestFixtures>({
  runEnv: [undefined, { option: true, box: 'self' }],
  // One per target and worker, whatever the number of tests: a worker of verify:suite serves many targets.
  suite: [async ({ runEnv }, use) => use(suiteConfigFor(runEnv)), { box: 'self' }],
  // Reproduce lines write the keys as $PG_API_KEY / $PG_VENDOR_API_KEY; on the mock every other value is the suite's own.
  redactor: [
    async ({ suite }, use) =>
      use(
        perTarget(
          redactors,
          suite,
          () =>
            new Redactor(secretsOf(suite), {
              variables: keyVariables({ merchantKey: suite.merchant.apiKey, vendorKey: suite.vendor?.apiKey }),
              sender: suite.target === 'mock' ? 'suite on the mock' : 'suite',
            }),
        ),
      ),
    { box: 'self' },
  ],
  // PG_MAX_RPS is for the whole run; each worker is its own process and paces its share.
  // Without PG_MAX_RPS it paces nothing until the target answers 429, then learns the pace (pacer.ts).
  pacer: [
    async ({ suite }, use, { config }) =>
      use(
        perTarget(
          pacers,
          suite,
          () => new Pacer(suite.maxRps ? perWorkerRate(suite.maxRps, config.workers, config.shard?.total) : undefined),
        ),
      ),
    { box: 'self' },
  ],
  keepWorker: [
    async ({ runEnv }, use, testInfo) => {
      await use();
      // Playwright replaces a worker after an unexpected failure; a timed-out test may still be running, so it does.
      if (runEnv && testInfo.status === 'failed') testInfo.expectedStatus = 'failed';
    },
    { auto: true, box: true },
  ],

  writeGuard: [
    async ({ suite }, use, testInfo) => {
      // Before the writes skip: PG_ALLOW_WRITES=1 would not run such a test, so it must not be named as the cure.
      const notInProduction = annotation.notInProduction.find(testInfo.annotations);
      testInfo.skip(suite.target === 'production' && !!notInProduction, notInProduction?.description);
      const writes = !!annotation.writes.find(testInfo.annotations);
      keepSkipTableTrue('writes', testInfo, writes);
      testInfo.skip(writes && !suite.allowWrites, CONFIGURATION_SKIPS.writes.reason);
      await use();
    },
    { auto: true, box: 'self' },
  ],

  observe: [
    async ({ redactor }, use, testInfo) => {
      await use((ruleId, text, data) => {
        const redacted = data && {
          ...data,
          subject: data.subject && redactor.text(data.subject),
          value: typeof data.value === 'string' ? redactor.text(data.value) : data.value,
        };
        const written = annotation.observation.write({ ruleId, text: redactor.text(text), data: redacted });
        // The same observation on every page of a walk is one observation.
        if (!annotation.observation.holds(testInfo.annotations, written)) testInfo.annotations.push(written);
      });
    },
    BOXED,
  ],

  // Summed per rule and noun while the test runs, written once at the end (the reporter drops repeats).
  countJudged: [
    async ({}, use, testInfo) => {
      const counts = new Map<string, { ruleId: string; count: number; what: string }>();
      await use((ruleId, count, what) => {
        ruleById(ruleId);
        const key = `${ruleId}\u0000${what}`;
        counts.set(key, { ruleId, what, count: (counts.get(key)?.count ?? 0) + count });
      });
      for (const j of counts.values()) testInfo.annotations.push(annotation.judged.write(j));
    },
    BOXED,
  ],

  notExercised: [
    async ({ redactor }, use, testInfo) => {
      const seen = new Set<string>();
      await use((ruleId, reason) => {
        ruleById(ruleId);
        const written = annotation.notExercised.write({ ruleId, reason: redactor.text(reason) });
        if (!seen.has(written.description)) testInfo.annotations.push(written);
        seen.add(written.description);
      });
    },
    BOXED,
  ],

  verify: [
    async ({ redactor }, use) => {
      await use((ruleId, problems, expected, ...exchanges) => {
        if (problems.length) throw new RuleViolation(ruleId, problems, expected, exchanges, redactor);
      });
    },
    BOXED,
  ],

  // Every answer a test receives is held to the registry's single-exchange checks once the test is done with
  // it: the same pipeline, on the same answers, as the traffic proxy (checks/registry.ts's judgeAnswers).
  gateway: [
    async ({ suite, redactor, observe, countJudged, pacer, runEnv }, use, testInfo) => {
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
        pacer,
      );
      if (suite.merchant.idForm === 'number') client.merchantIdAsNumber = suite.merchant.merchantId;
      client.onRateLimitWait = (ms) => {
        testInfo.setTimeout(testInfo.timeout + ms);
        rateLimitAnnotation(client, testInfo.annotations);
      };
      await use(client);
      // What was sent and received, redacted: the trace no longer shows requests (see GatewayClient). A
      // verify:suite run has no reader for it (its report is the rules' outcomes) and it is most of its IPC.
      // A file, not a body: a property's vault walks run to megabytes, which as a body cross from worker to
      // runner base64-encoded and are copied into results.json and the HTML report's zipped data. Pushed, not
      // attach()ed, which would copy the file once more and record a step for it.
      if (client.exchanges.length && !runEnv) {
        const path = testInfo.outputPath('exchanges.json');
        await writeFile(path, redactor.json(client.exchanges.map(forAttachment)));
        testInfo.attachments.push({ name: 'exchanges.json', contentType: 'application/json', path });
      }
      const checked = new Set<string>();
      const violations: RuleViolation[] = [];
      const judged = judgeAnswers(client.exchanges);
      for (const [exchange, { findings, observations, checked: rulesChecked }] of judged) {
        for (const id of rulesChecked) {
          checked.add(id);
          countJudged(id, 1, 'answers');
        }
        observations.forEach((o) => observe(o.ruleId, o.text, o.data));
        for (const f of findings)
          violations.push(new RuleViolation(f.ruleId, f.problems, f.expected, [exchange], redactor));
      }
      for (const id of checked) testInfo.annotations.push(annotation.rule.write(id));
      testInfo.annotations.push(
        ...runWideAnnotations(runWideOf(client.exchanges, (e) => judged.get(e) ?? gatewayFindings(e))),
      ); // TOK-1 and ERR-5 across the run
      testInfo.annotations.push(...servedAnnotations(client.exchanges)); // the operations the run exercised
      // Which documented fields this test sent and saw (names and counts): the reports' coverage section.
      // verify:suite's runs judge rules only, so they carry none.
      if (client.exchanges.length && !runEnv)
        testInfo.annotations.push(annotation.coverage.write(tallyOf(client.exchanges)));
      if (violations.length === 1) throw violations[0];
      if (violations.length > 1) throw new Error(violations.map((v) => v.message).join('\n\n'));
    },
    BOXED,
  ],

  property: [
    async ({ redactor, countJudged }, use, testInfo) => use(propertyCheck(redactor, testInfo.annotations, countJudged)),
    BOXED,
  ],

  vendor: [
    async ({ suite }, use, testInfo) => {
      keepSkipTableTrue('vendor', testInfo);
      testInfo.skip(!suite.vendor, CONFIGURATION_SKIPS.vendor.reason);
      await use({ vendorId: suite.vendor!.vendorId });
    },
    BOXED,
  ],

  mock: [
    async ({ suite }, use, testInfo) => {
      const testRules = annotation.rule.read(testInfo.annotations).map((id) => ruleById(id));
      const problem = controlApiTableProblem(testRules); // --list-rules counts these rules in part on a real target
      if (problem) throw new Error(problem);
      testInfo.skip(suite.target !== 'mock', controlApiSkipReason(suite.target));
      await use(new MockControl(suite.baseUrl));
    },
    BOXED,
  ],

  receiver: [
    async ({}, use) => {
      const receiver = new WebhookReceiver();
      await receiver.start();
      await use(receiver);
      await receiver.stop();
    },
    BOXED,
  ],

  takeWebhook: [
    async ({ suite }, use, testInfo) => {
      await use(async () => {
        keepSkipTableTrue('webhook', testInfo);
        if (suite.target === 'mock') {
          // Port 9 (discard) on loopback: nothing is enqueued for it, so nothing is ever posted.
          return (await new MockControl(suite.baseUrl).createWebhook('http://127.0.0.1:9/unused')).webhook_id;
        }
        testInfo.skip(!suite.webhookId, CONFIGURATION_SKIPS.webhook.reason);
        return suite.webhookId!;
      });
    },
    BOXED,
  ],
});

/**
 * A configuration problem a test found (a PG_* value that names nothing on the target): recorded on the running
 * test, so the verdict is CONFIGURATION ERROR (exit 2) rather than a rule's failure.
 */
export function recordConfigurationProblem(problem: string): void {
  test.info().annotations.push(annotation.configuration.write(problem));
}

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
export type { Customer } from '../src/catalogue/types.js';
export type { PropertyFinding } from '../src/generate/property.js';
export { shorten } from '../src/generate/check.js';
