import type { AppContext } from '../api/context.ts';

interface Task {
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<void>;
}

/** Periodic work of the worker process; each task runs again only after its previous run ended. */
export function startBackgroundTasks(ctx: AppContext, tasks: Task[] = defaultTasks): { stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const task of tasks) {
    const tick = async () => {
      if (stopped) return;
      try {
        await task.run(ctx);
      } catch (e) {
        console.error(`background task ${task.name} failed:`, e);
      }
      if (!stopped) timers.push(setTimeout(tick, task.everyMs));
    };
    timers.push(setTimeout(tick, 1_000));
  }
  return {
    stop() {
      stopped = true;
      timers.forEach(clearTimeout);
    },
  };
}

const defaultTasks: Task[] = [];
