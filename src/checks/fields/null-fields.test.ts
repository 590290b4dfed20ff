import { expect, test } from '../../testing/fixtures.js';
import { withoutRecordNulls } from './null-fields.js';

test('null fields of records, addresses and cards are read as absent, and named', () => {
  const body = {
    code: 0,
    totalPages: 1,
    totalRecords: 1,
    data: [
      {
        customer_id: 'c1',
        comments: null,
        shipping_addresses: [{ shipping_addr2: null, primary: true }],
        billing_cards: null,
      },
    ],
  };
  expect(withoutRecordNulls(body)).toEqual({
    body: {
      code: 0,
      totalPages: 1,
      totalRecords: 1,
      data: [{ customer_id: 'c1', shipping_addresses: [{ primary: true }] }],
    },
    nullFields: ['billing_cards', 'comments', 'shipping_addresses/*/shipping_addr2'],
  });
});

test('the envelope is never read this way: a null total stays null for VAULT-1 and ERR-5 to judge', () => {
  const body = { code: 0, totalPages: null, totalRecords: 1, data: [{ customer_id: 'c1' }] };
  expect(withoutRecordNulls(body)).toEqual({ body, nullFields: [] });
  expect(withoutRecordNulls({ code: 0, data: null })).toEqual({ body: { code: 0, data: null }, nullFields: [] });
});

test('values that are not null are left as sent, wrong types included', () => {
  const body = { code: 0, data: [{ customer_id: 'c1', rec_id: '12', billing_cards: [{ primary: 'true' }] }] };
  expect(withoutRecordNulls(body).body).toEqual(body);
});

test('a null only in an address is read out of that record alone, and the answer as parsed is left unchanged', () => {
  const sent = {
    code: 0,
    data: [
      { customer_id: 'c1', shipping_addresses: [{ shipping_addr2: null, primary: true }] },
      { customer_id: 'c2', shipping_addresses: [{ primary: true }] },
    ],
  };
  const asParsed = structuredClone(sent);
  expect(withoutRecordNulls(sent)).toEqual({
    body: {
      code: 0,
      data: [
        { customer_id: 'c1', shipping_addresses: [{ primary: true }] },
        { customer_id: 'c2', shipping_addresses: [{ primary: true }] },
      ],
    },
    nullFields: ['shipping_addresses/*/shipping_addr2'],
  });
  expect(sent).toEqual(asParsed);
});
