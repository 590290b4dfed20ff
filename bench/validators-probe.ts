import { Ajv2020 } from 'ajv/dist/2020.js';
import { OPERATION_IDS } from '../src/catalogue/spec.js';
import { validateRequest, validateResponse } from '../src/catalogue/validate.js';

/**
 * Counts ajv compile calls in one process: after the first validation of every operation, and again after
 * many more validations. Schema validators compiled once per process means the second count equals the first.
 * Prints one JSON line.
 */
let compiles = 0;
const original = Ajv2020.prototype.compile;
Ajv2020.prototype.compile = function countedCompile(this: Ajv2020, ...args: Parameters<typeof original>) {
  compiles++;
  return original.apply(this, args);
} as typeof original;

const ROUNDS = 1_000;
const bodies = [{ rcode: '000' }, { code: 0 }, { code: 1 }, {}];
const started = performance.now();
const validateAll = () => {
  for (const id of OPERATION_IDS) for (const body of bodies) validateResponse(id, body);
  validateRequest('tokenize', { merchant_id: 'm' });
};
validateAll();
const firstUseMs = performance.now() - started;
const afterFirstUse = compiles;
const again = performance.now();
for (let i = 0; i < ROUNDS; i++) validateAll();
const perRoundUs = ((performance.now() - again) * 1000) / ROUNDS;
console.log(
  JSON.stringify({
    afterFirstUse,
    afterMoreRounds: compiles,
    rounds: ROUNDS,
    firstUseMs,
    perRoundUs,
    validationsPerRound: OPERATION_IDS.length * bodies.length + 1,
  }),
);
