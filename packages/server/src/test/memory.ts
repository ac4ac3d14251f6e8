import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full garbage collection on demand. Memory tests measure what a stream holds, so buffers that are
 * already garbage must not count: the collector frees them when it pleases, later on a busy machine.
 */
export function garbageCollector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}
