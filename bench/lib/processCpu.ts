import { readdirSync, readFileSync } from 'node:fs';

/** CPU time used by every process on the machine so far (Linux /proc/stat), in ms; null elsewhere. */
export function machineCpuMs(): number | null {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user! + nice! + system! + irq! + softirq!) * 10;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from Linux /proc; null elsewhere. */
export function processCpuMs(pid: number): number | null {
  try {
    // The command name in field 2 may hold spaces, so fields are counted from the closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** A thread's time on a core, and runnable but waiting for one. */
export interface CoreTime {
  onCore: number;
  waiting: number;
}

/** A process's main thread's CoreTime so far (Linux /proc/<pid>/schedstat), in ms; null elsewhere. */
export function mainThreadSchedMs(pid: number): CoreTime | null {
  try {
    const [onCore, waiting] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return onCore === undefined || waiting === undefined ? null : { onCore: onCore / 1e6, waiting: waiting / 1e6 };
  } catch {
    return null;
  }
}

/** CPU time used so far by every process whose command name is `name` (e.g. every PostgreSQL backend), in ms. */
export function processesCpuMs(name: string): Map<number, number> {
  const found = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== name) continue;
      const ms = processCpuMs(Number(entry));
      if (ms !== null) found.set(Number(entry), ms);
    } catch {
      // the process ended while being read
    }
  }
  return found;
}

/** CPU a group of processes used between two readings; processes that ended in between are not counted. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
