/** A process the supervisor runs; several of one role are named api-1, api-2 and so on. */
export interface Role {
  name: string;
  script: string;
  color: number;
  /** Settings of this process only (an API process's PORT). */
  env?: Record<string, string>;
}

/**
 * How many processes of each role to run: COMICSHOP_ROLES as `api=2,worker=2,...` (roles left out
 * run one each), with the API processes on the ports of CLUSTER_API_PORTS (space-separated).
 */
export function rolesFromEnv(roles: readonly Role[], env: NodeJS.ProcessEnv): Role[] {
  const counts = new Map<string, number>();
  for (const part of (env.COMICSHOP_ROLES ?? '').split(',').filter(Boolean)) {
    const [name, count] = part.split('=');
    if (!roles.some((r) => r.name === name) || !/^\d+$/.test(count ?? ''))
      throw new Error(`COMICSHOP_ROLES: cannot read "${part}" (e.g. api=2,worker=2)`);
    counts.set(name!, Number(count));
  }
  const apiPorts = (env.CLUSTER_API_PORTS ?? '').split(/\s+/).filter(Boolean);
  const out: Role[] = [];
  for (const role of roles) {
    const count = counts.get(role.name) ?? 1;
    if (role.name === 'api' && count > 1 && apiPorts.length < count)
      throw new Error(`CLUSTER_API_PORTS: ${count} API processes need ${count} ports`);
    for (let i = 1; i <= count; i++) {
      const port = role.name === 'api' && count > 1 ? { PORT: apiPorts[i - 1]! } : undefined;
      out.push({ ...role, name: count > 1 ? `${role.name}-${i}` : role.name, ...(port ? { env: port } : {}) });
    }
  }
  return out;
}
