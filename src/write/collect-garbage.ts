import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection between and within the build's phases. The files phase churns
 * through hundreds of megabytes of short-lived strings; without collections V8 keeps the heap
 * it grew and the ports phase stacks its own peak on top. Enabling `gc` at run time is V8's
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

/**
 * A collection only when the heap has grown by `slack` bytes since the last one: cheap to ask
 * often, and a collection of a large heap (100 ms and more) happens only when it pays.
 */
export function collectWhenGrown(slack: number): () => void {
  let baseline = getHeapStatistics().used_heap_size;
  return () => {
    if (getHeapStatistics().used_heap_size - baseline < slack) return;
    collectGarbage();
    baseline = getHeapStatistics().used_heap_size;
  };
}
