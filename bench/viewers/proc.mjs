// What /proc says about a process: its memory and the CPU time it used (Linux).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const statusKb = (pid, field) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0);
};

/** Resident memory in KB (VmRSS). */
export const rssKb = (pid) => statusKb(pid, 'VmRSS');

/** The most resident memory since the process started or since `resetPeakRss`, in KB (VmHWM). */
export const peakRssKb = (pid) => statusKb(pid, 'VmHWM');

/** Starts the high-water mark of resident memory again from the current RSS (clear_refs 5). */
export function resetPeakRss(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** CPU seconds used so far, user and system (clock ticks are 100 per second on Linux). */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the command name may hold spaces: fields are counted after its closing parenthesis
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU use between two moments, as a share of one core (100 % = one core busy). */
export function cpuMeter(pid) {
  const startCpu = cpuSeconds(pid);
  const startAt = performance.now();
  return () => ((cpuSeconds(pid) - startCpu) / ((performance.now() - startAt) / 1000)) * 100;
}

/**
 * The child process of `parent` (this one by default) whose command line contains `needle`: the
 * server bench/server.mjs spawned, or a process the server spawned.
 */
export function childPid(needle, parent = process.pid) {
  for (const task of readdirSync(`/proc/${parent}/task`)) {
    const children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const pid of children) {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmdline.includes(needle)) return Number(pid);
    }
  }
  throw new Error(`no child process runs ${needle}`);
}

/** The soft limit on open files of this process (children inherit it). */
export function openFilesLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s{2,}/)[1] ?? 0);
}

/**
 * Connections the kernel dropped since boot because a listening socket's accept queue was full (the
 * whole machine's): each client tries again after 1, 3, 7, 15… s.
 */
export function listenOverflows() {
  const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('TcpExt:'))
    .map((l) => l.split(/\s+/));
  return Number(values[names.indexOf('ListenOverflows')]);
}
