/**
 * Where a process's CPU went, thread by thread (Linux: /proc/<pid>/task/<tid>/stat): the CPU seconds each
 * thread spent between two readings, as cores busy over the interval. The profile of the main thread says
 * what the event loop does; this says whether the machine had any CPU left for a thread of its own (the
 * writer thread of docs/performance.md).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks of user and system time by thread id. */
export type ThreadTimes = Map<number, { user: number; system: number }>;

const TICKS_PER_SECOND = 100;

export function threadTimes(pid: number): ThreadTimes {
  const times: ThreadTimes = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      // The command name, in parentheses, may hold spaces: the fields are counted after its closing one.
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      times.set(Number(tid), { user: Number(fields[11]), system: Number(fields[12]) });
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return times;
}

/** One line per thread busy more than 1 % of a core over `seconds`, the main thread first, then by CPU. */
export function threadCpuLines(pid: number, before: ThreadTimes, after: ThreadTimes, seconds: number): string[] {
  const rows = [...after].map(([tid, end]) => {
    const start = before.get(tid) ?? { user: 0, system: 0 };
    const cores = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
    return { tid, user: cores(end.user - start.user), system: cores(end.system - start.system) };
  });
  const total = rows.reduce((sum, row) => sum + row.user + row.system, 0);
  return [
    `CPU of the node by thread, in cores (user + system), over ${seconds.toFixed(1)} s: ${total.toFixed(2)} in all`,
    ...rows
      .filter((row) => row.user + row.system >= 0.01)
      .sort((a, b) => Number(b.tid === pid) - Number(a.tid === pid) || b.user + b.system - (a.user + a.system))
      .map(
        (row) =>
          `  ${row.tid === pid ? 'main thread' : `thread ${row.tid}`}: ${(row.user + row.system).toFixed(2)} (${row.user.toFixed(2)} + ${row.system.toFixed(2)})`,
      ),
  ];
}
