// Preloaded into the benchmarked server (node --import): measures the main thread's event-loop delay.
// On SIGUSR2 it writes the delay since the last signal to BENCH_LOOP_DELAY_FILE as JSON (ms) and starts
// afresh, so the bench reads the delay of exactly its measured phase.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    writeFileSync(file, JSON.stringify({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) }));
    delay.reset();
  });
}
