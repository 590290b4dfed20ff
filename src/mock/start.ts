import { buildMockServer } from './server.js';
import type { MockOptions } from './options.js';

export type MockHandle = {
  /** e.g. http://127.0.0.1:4010, without a trailing slash. */
  url: string;
  close(): Promise<void>;
  settled(webhookId?: string): Promise<void>;
};

/** Starts the mock on loopback; port 0 (the default here) picks a free port, which `url` reports. */
export async function startMock(options: MockOptions & { port?: number } = {}): Promise<MockHandle> {
  const { port = 0, ...rest } = options;
  const { app, settled } = buildMockServer(rest);
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the mock is not listening on a TCP port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => app.close(), settled };
}
