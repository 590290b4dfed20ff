import { expect, test } from '../../testing/fixtures.js';
import { extraFields } from './extra-fields.js';

const customer = {
  customer_id: 'c1',
  rec_id: 1,
  billing_cards: [{ card_id: 'k1', card_brand: 'test' }],
  shipping_addresses: [{ shipping_id: 1 }],
};

test('a success answer with only the fields the document lists has no extra field', () => {
  expect(
    extraFields('listCustomers', {
      code: 0,
      message: 'ok',
      totalPages: 1,
      totalRecords: 1,
      data: [{ customer_id: 'c1', billing_cards: [{ card_id: 'k1' }] }],
    }),
  ).toEqual([]);
  expect(
    extraFields('tokenize', { rcode: '000', rmsg: 'ok', pg_id: 'p', card_id: 'k', card_number: '4111xxxxxx111111' }),
  ).toEqual([]);
});

test('fields the document does not list are named where they stand: envelope, record, card, address', () => {
  const body = {
    code: 0,
    request_id: 'r1',
    data: [
      {
        ...customer,
        tags: ['vip'],
        customer_status: 'active',
        shipping_addresses: [{ shipping_id: 1, address_type: 'home' }],
      },
    ],
  };
  expect(extraFields('listCustomers', body)).toEqual([
    { path: '/', fields: ['request_id'] },
    { path: '/data/*', fields: ['customer_status', 'tags'] },
    { path: '/data/*/billing_cards/*', fields: ['card_brand'] },
    { path: '/data/*/shipping_addresses/*', fields: ['address_type'] },
  ]);
  expect(
    extraFields('disableWebhook', {
      code: 0,
      message: 'ok',
      data: { message: 'disabled', webhook_status: 'inactive' },
    }),
  ).toEqual([{ path: '/data', fields: ['webhook_status'] }]);
});
