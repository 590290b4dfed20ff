import { apiToken, base64Carrying } from '../transport/auth.js';
import { luhnValid } from '../checks/tokenize/card-number.js';
import { NO_REPRODUCE_CONTEXT, type ReproduceContext } from './reproduce-context.js';

export const REDACTED = '[REDACTED]';

/** Request fields whose whole value is secret, whatever it looks like. */
const SECRET_FIELDS = ['cvv2', 'card_swipe', 'tr_number', 'dda_number', 'payload_walletA_pay', 'payload_walletB_pay'];
const SECRET_FIELD_JSON = new RegExp(`("(?:${SECRET_FIELDS.join('|')})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|[0-9]+)`, 'g');
const SECRET_FIELD_QUERY = new RegExp(`\\b(${SECRET_FIELDS.join('|')})=([^&\\s"]*)`, 'g');
/** Digit runs (spaces or dashes allowed between groups) long enough to be a card number. */
const DIGIT_RUN = /(?<![0-9])[0-9](?:[ -]?[0-9]){12,18}(?![0-9])/g;

/** The field name inside a SECRET_FIELD_JSON prefix (`"cvv2": `). */
function fieldOf(prefix: string): string {
  return /"([^"]+)"/.exec(prefix)?.[1] ?? '';
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Redacts by value, not only by field name: configured keys and every encoding of them the suite
 * produces (Basic tokens, Base 64 of the bare key, URL-encoded) and the Base 64 of any text carrying them,
 * Luhn-valid card numbers anywhere in text, and the values of secret request fields (CVV, track data,
 * routing and account numbers, wallet payloads).
 */
export class Redactor {
  private readonly secretPattern: RegExp | undefined;

  /**
   * `reproduce` names the keys' shell variables and who sent the requests, for the reproduce lines of
   * failure messages (reproduce-line.ts); without it a reproduce line writes nothing it would redact.
   */
  constructor(
    secrets: readonly string[],
    readonly reproduce: ReproduceContext = NO_REPRODUCE_CONTEXT,
  ) {
    const forms = new Set<string>();
    for (const s of secrets) {
      if (s.length < 4) continue; // too short to redact without mangling ordinary text
      forms.add(s);
      forms.add(apiToken(s));
      forms.add(apiToken(s).replace(/=+$/, ''));
      forms.add(Buffer.from(s, 'utf8').toString('base64').replace(/=+$/, ''));
      forms.add(encodeURIComponent(s));
      for (const run of base64Carrying(s)) forms.add(run);
    }
    const sorted = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
    this.secretPattern = sorted.length ? new RegExp(sorted.join('|'), 'g') : undefined;
  }

  /**
   * `keep` lets a reproduce line write a card number or secret field as sent (published test data, the
   * suite's own inputs); the keys are redacted whatever it says.
   */
  text(input: string, keep: (value: string, field?: string) => boolean = () => false): string {
    let out = this.secretPattern ? input.replace(this.secretPattern, REDACTED) : input;
    out = out
      .replace(SECRET_FIELD_JSON, (all, name: string, value: string) =>
        keep(value.startsWith('"') ? (JSON.parse(value) as string) : value, fieldOf(name))
          ? all
          : `${name}"${REDACTED}"`,
      )
      .replace(SECRET_FIELD_QUERY, (all, name: string, value: string) =>
        keep(value, name) ? all : `${name}=${REDACTED}`,
      );
    return out.replace(DIGIT_RUN, (run) => {
      const digits = run.replace(/[ -]/g, '');
      return luhnValid(digits) && !keep(digits, 'card_number') ? `[card …${digits.slice(-4)}]` : run;
    });
  }

  /** Redacts a JSON-able value and returns it pretty-printed. */
  json(value: unknown): string {
    return this.text(JSON.stringify(value, null, 2) ?? String(value));
  }
}
