import { setFlagsFromString } from 'node:v8';

/**
 * V8's budget of bytecode its optimising compiler inlines into one function, for a command
 * that runs once and briefly (a build, a validation). V8's default suits a long-running
 * program; here the compiler's work runs on the two cores the build's own threads need, and a
 * build's large functions (the readers and writers of whole trees) were compiled at great cost,
 * often twice. The hot loops are small and keep what they need within this budget.
 */
const INLINED_BYTECODE = 200;

export function limitInlining(): void {
  setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${INLINED_BYTECODE}`);
}
