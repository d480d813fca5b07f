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
