import type { Credentials } from './gateway/credentials.js';

/**
 * The mock's options once defaults are filled in and checked (options.ts). A type of its own, so the route
 * context can name it without importing the checks, which read the behaviour registry.
 */
export type ResolvedOptions = {
  credentials: Credentials;
  webhookId: string;
  customers: number;
  faults: readonly string[];
  variants: readonly string[];
  logger: boolean;
  deliveryTimeoutMs: number;
};
