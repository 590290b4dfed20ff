/**
 * The ABA routing number's check digit, as US banks and the Federal Reserve's directory compute it: with the
 * digits d1…d9, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. Section 2.1 says only "ACH
 * routing (transit) number, nine digits"; a bank system behind a gateway checks more, so the suite sends only
 * numbers that pass, and a gateway that refuses the others is within what the document leaves open.
 */
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

const weightedSum = (digits: string) => [...digits].reduce((sum, d, i) => sum + Number(d) * WEIGHTS[i]!, 0);

/** True for nine digits whose ninth is the check digit of the first eight. */
export function routingNumberValid(value: string): boolean {
  return /^[0-9]{9}$/.test(value) && weightedSum(value) % 10 === 0;
}

/** The check digit that completes eight digits into a routing number. */
export function routingCheckDigit(firstEight: string): string {
  if (!/^[0-9]{8}$/.test(firstEight)) throw new Error('a routing number has eight digits before its check digit');
  return String((10 - (weightedSum(firstEight) % 10)) % 10);
}
