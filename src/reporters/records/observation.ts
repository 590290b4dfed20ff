import type { ObservationData } from '../../checks/observation-data.js';

export type Observation = ObservationData & { ruleId: string; text: string };

/** An observation recorded without a kind (the old free-text form): compared by its sentence. */
export const UNCLASSIFIED = 'unclassified';

const KIND = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export function checkKind(kind: string): void {
  if (!KIND.test(kind))
    throw new Error(`observation kind "${kind}" must be kebab-case, like http-status-of-auth-failure`);
}

/**
 * The annotation text: the sentence `RULE: text` on the first line (what Playwright's HTML report and the
 * markdown show), then the data as one line of JSON. An annotation survives blob reports and merging.
 */
export function observationDescription(ruleId: string, text: string, data?: ObservationData): string {
  const sentence = `${ruleId}: ${text.replace(/\s*\n\s*/g, ' ')}`;
  if (!data) return sentence;
  checkKind(data.kind);
  return `${sentence}\n${JSON.stringify({ kind: data.kind, subject: data.subject, value: data.value })}`;
}

export function parseObservation(description: string): Observation | undefined {
  const [sentence = '', json] = description.split('\n', 2);
  const match = /^([A-Z]+-[0-9]+): (.*)$/s.exec(sentence);
  if (!match) return undefined;
  const [, ruleId = '', text = ''] = match;
  if (json === undefined) return { ruleId, text, kind: UNCLASSIFIED, value: text };
  const data = JSON.parse(json) as ObservationData;
  return {
    ruleId,
    text,
    kind: data.kind,
    ...(data.subject === undefined ? {} : { subject: data.subject }),
    value: data.value,
  };
}

/** Observations with the same key are one behaviour; their values are compared between runs. */
export function observationKey(o: { ruleId: string; kind: string; subject?: string }): string {
  return [o.ruleId, o.kind, o.subject ?? ''].join('\u0000');
}

export function describeKey(o: { ruleId: string; kind: string; subject?: string }): string {
  return `${o.ruleId} ${o.kind}${o.subject ? ` (${o.subject})` : ''}`;
}
