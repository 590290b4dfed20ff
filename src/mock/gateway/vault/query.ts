import { MockError } from '../errors.js';

/** Defaults and limits for what section 4.2 leaves "not shown"; docs/mock.md states the same values. */
export const VAULT_LIMITS = { defaultCount: 10, maxCount: 500, maxPage: 1_000_000 } as const;

const ORDER_ON = ['customer_id', 'rec_id'] as const;
const ORDER_BY = ['asc', 'desc'] as const;

export type VaultQuery = {
  count: number;
  page: number;
  orderOn: (typeof ORDER_ON)[number];
  orderBy: (typeof ORDER_BY)[number];
};

export const PARAMETERS = ['count', 'page', 'order_on', 'order_by', 'merchant_id'];

/** Plain digits only: no sign, decimals, exponent or spaces; long runs are refused before Number(). */
function wholeNumber(raw: string, max: number): number | undefined {
  if (!/^[0-9]{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= max ? n : undefined;
}

/** Section 4.2 says merchant_id is a string or an integer: "0042" and "42" name the same numeric merchant. */
function sameMerchant(sent: string, merchantId: string): boolean {
  if (sent === merchantId) return true;
  return /^[0-9]{1,30}$/.test(sent) && /^[0-9]{1,30}$/.test(merchantId) && BigInt(sent) === BigInt(merchantId);
}

/** Checks the listing's query (section 4.2); throws the first problem as a platform failure. */
export function readVaultQuery(query: Record<string, unknown>, merchantId: string): VaultQuery {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!PARAMETERS.includes(name)) {
      throw new MockError(
        'unknownField',
        `The listing takes only ${PARAMETERS.join(', ')}; got ${JSON.stringify(name.slice(0, 64))}.`,
      );
    }
    if (typeof value !== 'string')
      throw new MockError('parameterRepeated', `${name} was given more than once; send it once.`);
    values[name] = value;
  }
  const maxCount = VAULT_LIMITS.maxCount;
  const count = values.count === undefined ? VAULT_LIMITS.defaultCount : wholeNumber(values.count, maxCount);
  if (count === undefined || count < 1)
    throw new MockError('countInvalid', `count must be a whole number from 1 to ${maxCount}.`);
  const page = values.page === undefined ? 0 : wholeNumber(values.page, VAULT_LIMITS.maxPage);
  if (page === undefined) throw new MockError('pageInvalid');
  const orderOn = values.order_on ?? 'customer_id';
  if (!(ORDER_ON as readonly string[]).includes(orderOn)) throw new MockError('orderOnInvalid');
  const orderBy = values.order_by ?? 'asc';
  if (!(ORDER_BY as readonly string[]).includes(orderBy)) throw new MockError('orderByInvalid');
  if (values.merchant_id !== undefined && !sameMerchant(values.merchant_id, merchantId))
    throw new MockError('merchantMismatch');
  return { count, page, orderOn: orderOn as VaultQuery['orderOn'], orderBy: orderBy as VaultQuery['orderBy'] };
}
