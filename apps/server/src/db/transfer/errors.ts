/**
 * A refusal or a failed check that the person running the command can act on: the commands print
 * its message alone, because a stack trace would bury what to do next.
 */
export class TransferError extends Error {
  override name = 'TransferError';
}
