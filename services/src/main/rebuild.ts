import { rebuildProjector } from '@shop/projections/runner/rebuild';
import { loadConfigOrExit } from '../config/config.ts';
import { openRuntime } from './runtime.ts';

/**
 * npm run rebuild [-- name ...] [--replace]: rebuilds read models from zero and compares them with
 * the live tables; exits 1 when any differ (and --replace was not given).
 */
const args = process.argv.slice(2);
const replace = args.includes('--replace');
const names = args.filter((a) => !a.startsWith('--'));
const config = loadConfigOrExit();
const runtime = await openRuntime(config, { role: 'rebuild', queues: false });
const unknown = names.filter((n) => !runtime.projectors.some((p) => p.name === n));
if (unknown.length > 0) {
  console.error(`Unknown projector(s): ${unknown.join(', ')}. Known: ${runtime.projectors.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
let allEqual = true;
for (const projector of runtime.projectors.filter((p) => names.length === 0 || names.includes(p.name))) {
  const report = await rebuildProjector(runtime.db, runtime.store, projector, { replace });
  allEqual &&= report.equal;
  const diff = Object.entries(report.differences)
    .map(([t, n]) => `${t}: ${n} rows differ`)
    .join(', ');
  console.log(
    `${projector.name}: ${report.events} events in ${report.millis} ms, ${report.equal ? 'equal to the live tables' : `DIFFERENT (${diff})`}${report.replaced ? ', live tables replaced' : ''}`,
  );
}
await runtime.close();
process.exit(allEqual || replace ? 0 : 1);
