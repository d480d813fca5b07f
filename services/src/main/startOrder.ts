import type { Role } from './clusterRoles.ts';

/** Roles the others call as they start (the worker's first eBay sales pull calls the simulators). */
export const FIRST_ROLES: ReadonlySet<string> = new Set(['simulators']);

export interface StartOrderSteps {
  start(role: Role): void;
  /** Resolves once the named roles have signalled ready; rejects when they did not in time. */
  waitUntilReady(names: readonly string[]): Promise<void>;
  /** True once the supervisor is stopping: the rest are then not started. */
  stopping(): boolean;
  /** The first roles did not signal ready: the rest start anyway (they retry what they call). */
  notReady(err: unknown): void;
}

/** Starts the roles others call first, waits for them to serve, then starts the rest. */
export async function startInOrder(roles: readonly Role[], steps: StartOrderSteps): Promise<void> {
  const first = roles.filter((r) => FIRST_ROLES.has(r.name));
  for (const role of first) steps.start(role);
  if (first.length > 0) await steps.waitUntilReady(first.map((r) => r.name)).catch((err: unknown) => steps.notReady(err));
  if (steps.stopping()) return;
  for (const role of roles) if (!FIRST_ROLES.has(role.name)) steps.start(role);
}

/**
 * The running roles to stop now: every other role first, and the roles others call once the others
 * have exited (a worker finishing its last job still reaches the eBay simulator).
 */
export function rolesToStop(running: readonly string[]): string[] {
  const others = running.filter((name) => !FIRST_ROLES.has(name));
  return others.length > 0 ? others : [...running];
}
