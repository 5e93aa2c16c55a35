import { ConfigError } from '../../config.js';
import { DataDirectoryLockedError } from '../data-dir-lock.js';
import { TransferError } from './errors.js';

/** The arguments after the script name; a `--` that pnpm passed along is not one of them. */
export function scriptArguments() {
  const given = process.argv.slice(2);
  return given[0] === '--' ? given.slice(1) : given;
}

/** The directory the person typed the command in: pnpm runs scripts inside the package. */
export const callerDirectory = () => process.env.INIT_CWD || process.cwd();

/**
 * Runs a command and exits: 0 when it worked, 1 otherwise. A refusal the person can act on is
 * printed as its message alone; anything unexpected with its stack, for a bug report.
 */
export async function runCommand(name: string, command: () => Promise<void>) {
  try {
    await command();
    process.exit(0);
  } catch (error) {
    const expected =
      error instanceof TransferError ||
      error instanceof DataDirectoryLockedError ||
      error instanceof ConfigError ||
      // An unknown or misspelt option: parseArgs says which.
      String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
    console.error(`${name} failed. ${expected ? (error as Error).message : ''}`);
    if (!expected) console.error(error);
    process.exit(1);
  }
}
