import { test as base, expect } from '@playwright/test';
import type { MockOptions } from '../mock/options.js';
import { startMock, type MockHandle } from '../mock/start.js';
import type { CertName } from './certificates.js';
import {
  answering,
  startHttpReceiver,
  startHttpsReceiver,
  type Handler,
  type Receiver,
} from './stand-ins/loopback-receivers.js';
import { send, type MockAnswer, type Send } from './mock-requests.js';
import { proxyInFront, type ProxyRig } from './stand-ins/proxy-rig.js';

/**
 * The fixtures of the unit and command tests, one `test` for all of them: a fixture starts only for a test
 * that names it, and whatever a fixture started is closed after the test (the worker's mock after the worker).
 * One `test` is also one set of worker fixtures, which Playwright's worker hash is made of: a file on plain
 * `@playwright/test` beside one on these fixtures cost both workers a restart in the middle of the unit tier.
 * The browser fixture stays apart (runners/browser.ts): a unit test must not reach a browser launcher.
 */
type Fixtures = {
  /** The worker's mock over HTTP; `send` is one exchange with the merchant key unless its options say otherwise. */
  gateway: { url: string; send: (method: string, path: string, options?: Send) => Promise<MockAnswer> };
  /** Starts a private mock, for a test that changes shared state (reset, reseeding, the shared clock). */
  launch: (options?: MockOptions) => Promise<MockHandle>;
  /** A merchant's notification endpoint for the mock's deliveries: answers the statuses in turn, then 200. */
  receiver: (statuses?: number[]) => Promise<Receiver>;
  /** A plain-http merchant endpoint answering with `handler` (by default it acknowledges). */
  httpReceiver: (handler?: Handler) => Promise<Receiver>;
  /** An HTTPS merchant endpoint presenting the named test certificate (see certificates/README.md). */
  httpsReceiver: (cert: CertName, handler?: Handler) => Promise<Receiver>;
  /** The faults and variants of the rig's mock: `test.use({ faults: ['…'] })`. */
  faults: string[];
  variants: string[];
  /** A private mock with those faults and variants, a proxy session in front of it, the scripted client. */
  rig: ProxyRig;
};

/** Hands the test a starter (of receivers, of mocks) and closes everything it started, after the test. */
function closedAfter<A extends unknown[], T extends { close(): Promise<void> }>(start: (...args: A) => Promise<T>) {
  return async ({}, use: (starter: (...args: A) => Promise<T>) => Promise<void>) => {
    const started: T[] = [];
    await use(async (...args) => {
      const handle = await start(...args);
      started.push(handle);
      return handle;
    });
    await Promise.all(started.map((h) => h.close()));
  };
}

export const test = base.extend<Fixtures, { mock: MockHandle }>({
  mock: [
    async ({}, use) => {
      const mock = await startMock();
      await use(mock);
      await mock.close();
    },
    { scope: 'worker' },
  ],

  gateway: async ({ mock }, use) => {
    await use({ url: mock.url, send: (method, path, options) => send(mock.url, method, path, options) });
  },

  launch: closedAfter((options?: MockOptions) => startMock(options)),

  receiver: closedAfter((statuses: number[] = []) => startHttpReceiver(answering(statuses), '/hook')),
  httpReceiver: closedAfter((handler?: Handler) => startHttpReceiver(handler)),
  httpsReceiver: closedAfter((cert: CertName, handler?: Handler) => startHttpsReceiver(cert, handler)),

  faults: [[], { option: true }],
  variants: [[], { option: true }],
  rig: async ({ faults, variants, launch }, use) => {
    const rig = await proxyInFront(await launch({ faults, variants }));
    await use(rig);
    await rig.session.proxy.close();
  },
});

export { expect };
