/**
 * What a test sends: request bodies, the published test cards, the Authorization token, the account fields a
 * target configures, and the generated inputs of tests/properties/. With fixtures.ts (what the fixtures hand a
 * test) and the checks registry (how answers are judged), the only way spec files reach src/ (docs/layers.md).
 */
export { apiToken } from '../src/transport/auth.js';
export { nearMissKeys } from '../src/transport/near-miss-keys.js';
export {
  futureExpiry,
  merchantIdNumber,
  newAchRequest,
  newCardRequest,
  newWalletRequest,
  otherMerchantIdLike,
} from '../src/catalogue/request-builders.js';
export { DEFAULT_TEST_CARD, TEST_CARDS } from '../src/catalogue/test-cards.js';
export type { TokenizeRequest } from '../src/catalogue/types.js';
export type { OperationId } from '../src/catalogue/spec.js';
export {
  ACCOUNT_FIELDS,
  accountFieldValues,
  madeUpValueRefused,
  quotedValueRefused,
  type AccountField,
} from '../src/config/account-fields.js';
export { fieldGroups } from '../src/coverage/coverage-fields.js';
export { authHeader, buildAuthHeader, describeAuthHeader, expectationOf } from '../src/generate/authorization.js';
export { cardNumbers, describeCard } from '../src/generate/card-numbers.js';
export {
  malformedClientIp,
  malformedExpDate,
  malformedTrNumber,
  wellFormedClientIp,
  wellFormedExpDate,
  wellFormedTrNumber,
} from '../src/generate/formats.js';
export { nameValueList } from '../src/generate/name-value-list.js';
