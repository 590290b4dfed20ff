/**
 * Built-in identities of the embedded mock. The suite's mock target falls back to these when
 * PG_* credentials are unset, so `npm run conformance` needs no configuration.
 * They are public test values, never valid against a real gateway.
 */
export const MOCK_DEFAULTS = {
  merchantId: 'mock-merchant-0001',
  apiKey: 'mock_api_key_7f3a9c2e',
  vendorId: 90001,
  vendorApiKey: 'mock_vendor_key_4b81d6f0',
  webhookId: 'wh_default_0001',
  /** The merchant's own payment gateway profile, store location and user (section 2.1's profile_id, loc_id, user_id). */
  profileId: 'mock-profile-0001',
  locId: 'mock-store-0001',
  userId: 70001,
  port: 4010,
  customers: 25,
} as const;
