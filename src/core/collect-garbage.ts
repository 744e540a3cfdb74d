import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection between and within the build's phases, on either thread. The files
 * pages churn through hundreds of megabytes of short-lived strings; without collections V8 keeps
 * the heap they grew, and the ports' peak stacks on top of it. Enabling `gc` at run time is V8's
 * documented flag; a collection of a small heap costs milliseconds.
 */
let collect: (() => void) | undefined;

export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
