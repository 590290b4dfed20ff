/**
 * The last line of a command that stopped on its configuration before anything ran. A CI step reads the last
 * line, so every exit ends with one, in the command's own words (`Conformance:`, `Cutover:`, `Traffic:`).
 */
export function configurationVerdictLine(prefix: string, problems: readonly string[]): string {
  return `${prefix}: CONFIGURATION ERROR: ${problemsPhrase(problems)} (nothing was run)`;
}

/** The problems on one line, as a CONFIGURATION ERROR verdict line names them: the one, or how many and each. */
export function problemsPhrase(problems: readonly string[]): string {
  const what = problems.length === 1 ? problems[0]! : `${problems.length} problems: ${problems.join('; ')}`;
  return what.replace(/\s+/g, ' ').replace(/[.;]\s*$/, '');
}

/** Says the problems, one a line, then the verdict line, on stderr, and exits 2. */
export function exitOnConfiguration(prefix: string, problems: readonly string[]): never {
  const list =
    problems.length > 1 ? ['Invalid configuration (see .env.example):', ...problems.map((p) => `  - ${p}`)] : [];
  console.error([...list, configurationVerdictLine(prefix, problems)].join('\n'));
  process.exit(2);
}
