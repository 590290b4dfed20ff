/** Observations with the same key are one behaviour; their values are compared between runs. */
export function observationKey(o: { ruleId: string; kind: string; subject?: string }): string {
  return [o.ruleId, o.kind, o.subject ?? ''].join('\u0000');
}

export function describeKey(o: { ruleId: string; kind: string; subject?: string }): string {
  return `${o.ruleId} ${o.kind}${o.subject ? ` (${o.subject})` : ''}`;
}
