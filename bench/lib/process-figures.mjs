// What every bench shares about the processes it starts: the settings they run with and their peak memory.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The product as `npm start` runs it (jobs on, logs at info), unless BENCH_SETTINGS=quiet asks for the
 * older bench setting (JOBS=false LOG_LEVEL=warn). Each bench prints which one it ran.
 */
export function benchSettings() {
  const quiet = process.env.BENCH_SETTINGS === 'quiet';
  return {
    label: quiet ? 'JOBS=false LOG_LEVEL=warn (BENCH_SETTINGS=quiet)' : 'defaults: JOBS on, LOG_LEVEL=info',
    env: quiet ? { JOBS: 'false', LOG_LEVEL: 'warn' } : { JOBS: 'true', LOG_LEVEL: 'info' },
  };
}

/** The kernel's peak resident set size of a live process (VmHWM), in MB; null once it is gone. */
export function peakRssMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** One line: each named process's peak RSS (read before the processes are stopped). */
export function peakRssLine(processes) {
  return `peak RSS: ${processes.map(({ name, pid }) => `${name} ${peakRssMb(pid) ?? '?'} MB`).join(', ')}`;
}

/** A free loopback port. */
export const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

/** The p-th percentile of an ascending list. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** A live process's CPU time (user + system) so far, in ms. */
export const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
