/** A refusal the user can fix by choosing other options: exit 2, a message, no stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
