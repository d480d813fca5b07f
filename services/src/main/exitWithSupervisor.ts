/**
 * A role started by the supervisor (startAll.ts) exits when the supervisor is gone (killed hard,
 * so it could not stop its children), instead of living on with its port.
 */
export function exitWithSupervisor(): void {
  const supervisor = Number(process.env.COMICSHOP_SUPERVISOR_PID);
  if (!supervisor) return;
  setInterval(() => {
    if (process.ppid !== supervisor) process.exit(0);
  }, 1000).unref();
}

/**
 * The signals that stop a role. Under the supervisor only its SIGTERM, which it sends in order (the
 * roles others call, the simulators, last): Ctrl-C's SIGINT, which a terminal sends to every process
 * of the group at once, is the supervisor's to act on. Run alone, a role stops on either.
 */
export function stopSignals(env: NodeJS.ProcessEnv = process.env): NodeJS.Signals[] {
  return Number(env.COMICSHOP_SUPERVISOR_PID) ? ['SIGTERM'] : ['SIGINT', 'SIGTERM'];
}
