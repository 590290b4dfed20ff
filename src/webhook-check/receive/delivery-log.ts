import { REDACTED, type Redactor } from '../../evidence/redact.js';

/** Card security codes under the names receivers meet; the Redactor knows only the gateway's own `cvv2`. */
const CVV_NAMES = 'cvv|cvv2|cvc|cvc2|csc|cid|card_code|card_cvv|security_code|securityCode|cardCode';
const CVV_JSON = new RegExp(`("(?:${CVV_NAMES})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|[0-9]+)`, 'gi');
const CVV_FORM = new RegExp(`\\b(${CVV_NAMES})=([^&\\s"]*)`, 'gi');

export type Delivery = {
  at: Date;
  method: string;
  path: string;
  contentType: string | undefined;
  body: string;
  status: number;
};

/**
 * How `webhook:receive` prints one request: the line and the body, redacted by value (keys, Luhn-valid card
 * numbers) and by field (CVV and the Redactor's secret fields), so the log can be pasted into a ticket.
 * Headers other than the content type are left out: they may carry the merchant's credentials.
 */
export function deliveryLog(redactor: Redactor, d: Delivery): string {
  const redact = (s: string) =>
    redactor.text(s.replace(CVV_JSON, `$1"${REDACTED}"`).replace(CVV_FORM, `$1=${REDACTED}`));
  const body = redact(d.body);
  const head =
    `${d.at.toISOString()} ${d.method} ${redact(d.path)}  content-type: ${d.contentType ?? '(none)'}  ` +
    `${Buffer.byteLength(d.body)} bytes → ${d.status}`;
  return body ? `${head}\n${body}` : `${head}\n(empty body)`;
}
