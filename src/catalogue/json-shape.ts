/** Whether a parsed JSON value is an array of strings: a cached record's list, a state file's paths. */
export function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
