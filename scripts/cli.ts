import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * A script's command line, read with node's parseArgs (strict: an unknown option, a missing value
 * or a stray argument fails), with `-h`/`--help` added to its options. `--help` prints the usage
 * to stdout and ends the process (exit 0) before the script does any work; a bad command line
 * prints the problem and the usage to stderr and ends it with `usageExit`.
 */
export function commandLine<const T extends ParseArgsConfig>(usage: string, config: T, usageExit = 2): ReturnType<typeof parseArgs<T>> {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs({
      ...config,
      args: config.args ?? process.argv.slice(2),
      options: { ...config.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }) as ReturnType<typeof parseArgs<T>>;
  } catch (error) {
    return usageError(usage, error instanceof Error ? error.message : String(error), usageExit);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}

/** Says what is wrong with the command line, then the usage, and ends the process. */
export function usageError(usage: string, problem: string, usageExit = 2): never {
  console.error(`${problem}\n\n${usage}`);
  process.exit(usageExit);
}
