import { parseArgs, type ParseArgsConfig } from 'node:util';

export type ArgumentOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * The first argument a strict `parseArgs` refused, said for people. parseArgs tells what it refused by its error's
 * code alone, so the arguments are read again leniently for their tokens and the first that breaks `options` is
 * named; undefined when none does (the error was of another kind).
 */
export function refusedArgument(args: string[], options: ArgumentOptions): string | undefined {
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional') return `"${token.value}" is not an option`;
    if (token.kind !== 'option') continue;
    const declared = options[token.name];
    if (!declared) return `${token.rawName} is not an option`;
    if (declared.type === 'boolean' && token.value !== undefined) return `${token.rawName} takes no value`;
    if (declared.type === 'string' && token.value === undefined) return `${token.rawName} needs a value`;
  }
  return undefined;
}
