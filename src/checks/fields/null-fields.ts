/**
 * Section 2.3 lists a customer record's fields without saying which a record always has (the schema
 * requires none), and other testers' customers on a shared sandbox leave many empty. A database-backed
 * API often writes such a field as JSON null rather than leaving it out. Inside customer records, their
 * shipping addresses and billing cards, a null is read as the field absent: observed, never held to the
 * field's type. A field that carries a value is judged as before, and the envelope (code, totals, data)
 * is never read this way: the rules need those.
 */
type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `row` without its null fields, and where they were (`prefix` + field name). A row with no null is returned
 * as it is, not copied: most rows of a listing have none, and a page of a large vault is hundreds of rows. A
 * row with an own `__proto__` field is still copied, as before: the copy's assignment makes it the prototype.
 */
function dropNulls(row: Row, prefix: string, found: Set<string>): Row {
  if (!needsCopy(row)) return row;
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null) found.add(`${prefix}${key}`);
    else out[key] = value;
  }
  return out;
}

function needsCopy(row: Row): boolean {
  for (const key in row) if (row[key] === null || key === '__proto__') return true;
  return false;
}

/**
 * A vault listing's body with null fields of its records (and their addresses and cards) left out, and
 * the fields that were null, as `customer_firm_name`, `shipping_addresses/*\/shipping_addr2`, sorted.
 */
export function withoutRecordNulls(body: unknown): { body: unknown; nullFields: string[] } {
  if (!isRow(body) || !Array.isArray(body.data)) return { body, nullFields: [] };
  // An answer's schema check and its observations both ask, of the same parsed body, which is never changed.
  let result = readings.get(body);
  if (!result) readings.set(body, (result = read(body, body.data)));
  return result;
}

const readings = new WeakMap<Row, { body: unknown; nullFields: string[] }>();

function read(body: Row, records: unknown[]): { body: unknown; nullFields: string[] } {
  const found = new Set<string>();
  const data = records.map((record) => (isRow(record) ? recordWithoutNulls(record, found) : record));
  return found.size ? { body: { ...body, data }, nullFields: [...found].sort() } : { body, nullFields: [] };
}

const LISTS = ['shipping_addresses', 'billing_cards'];

/** A record without its null fields, nor those of its addresses and cards; the record itself when none is null. */
function recordWithoutNulls(record: Row, found: Set<string>): Row {
  let out = dropNulls(record, '', found);
  for (const list of LISTS) {
    const items = out[list];
    if (!Array.isArray(items)) continue;
    const kept = items.map((item: unknown) => (isRow(item) ? dropNulls(item, `${list}/*/`, found) : item));
    if (kept.every((item, i) => item === items[i])) continue;
    if (out === record) out = { ...record };
    out[list] = kept;
  }
  return out;
}
