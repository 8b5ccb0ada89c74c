/** What several benchmarks measure the same way: latency percentiles and CPU time (Linux). */
import { readdirSync, readFileSync } from 'node:fs';

/** The p-th percentile of an ascending list (NaN when it is empty). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The list's item at `index` (negative counts from the end); throws when there is none. */
export function itemAt<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`no item at ${index} of ${list.length}`);
  return item;
}

/** The item whose `value` is the median (the upper one of the middle two for an even count). */
export function medianBy<T>(items: readonly T[], value: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('the median of nothing');
  return middle;
}

/**
 * utime + stime of a process, in ms (Linux /proc; clock ticks are 100 Hz); with
 * `withEndedChildren`, plus cutime + cstime: the children it has reaped.
 */
export function processCpuMs(pid: number, { withEndedChildren = false } = {}): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const own = Number(fields[11]) + Number(fields[12]);
  const children = withEndedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  return (own + children) * 10;
}

/**
 * CPU of every PostgreSQL process (the bench's backends, and the server's own work), with that
 * of the backends that have ended: the postmaster reaps them, so theirs is in its children's
 * time. Without it a pool that closes and reopens connections would look cheaper than it is.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        total += processCpuMs(Number(entry), { withEndedChildren: true });
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** Busy CPU time of the whole machine, in ms (first line of /proc/stat, 100 Hz ticks). */
export function machineBusyMs(): number {
  const [, user, nice, system, , , irq, softirq, steal] = (
    readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  )
    .trim()
    .split(/\s+/)
    .map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 10
  );
}

/** BENCH_CPU_PROF=dir: the Node flags that write a CPU profile of the server process there. */
export function cpuProfileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
