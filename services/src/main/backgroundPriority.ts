import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Makes this process yield the cores to the shop's requests when the machine is busy: each of its
 * threads' niceness raised to at least `nice` (0 leaves it as it is). Linux keeps a niceness per
 * thread, so every thread listed in /proc/self/task is set (the threads started later inherit the
 * main thread's); elsewhere the process's. Raising niceness needs no privilege; one already nicer
 * than asked is left alone. Answers the main thread's niceness after.
 */
export function yieldCoresAt(nice: number): number {
  const current = getPriority();
  if (nice === 0 || current >= nice) return current;
  for (const thread of threadIds()) {
    try {
      if (getPriority(thread) < nice) setPriority(thread, nice);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return getPriority();
}

/** This process's threads' ids (Linux), or the process itself (0) where /proc has no list. */
function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number).filter(Number.isInteger);
  } catch {
    return [0];
  }
}
