// Viewer processes driven over IPC: each answers a command with the same `id` it was sent.
import { fork } from 'node:child_process';

/** `count` processes running `module`. */
export function startWorkers(module, count) {
  return Array.from({ length: count }, () => {
    const child = fork(module, { stdio: 'inherit' });
    const waiting = new Map();
    let next = 0;
    child.on('message', ({ id, answer }) => {
      waiting.get(id)?.(answer);
      waiting.delete(id);
    });
    return {
      child,
      ask(message) {
        const id = next++;
        return new Promise((resolve) => {
          waiting.set(id, resolve);
          child.send({ ...message, id });
        });
      },
    };
  });
}

/** The same command to every process, with `perWorker(i)` added to the i-th; answers their answers in order. */
export const askAll = (workers, message, perWorker = () => ({})) =>
  Promise.all(workers.map((w, i) => w.ask({ ...message, ...perWorker(i) })));

/** `list` dealt into `n` parts, one per process. */
export const slices = (list, n) => Array.from({ length: n }, (_, i) => list.filter((_, j) => j % n === i));
