import { describe, expect, it } from 'vitest';
import type { Role } from './clusterRoles.ts';
import { rolesToStop, startInOrder, type StartOrderSteps } from './startOrder.ts';

const role = (name: string): Role => ({ name, script: name, color: 0 });
const roles = ['simulators', 'api', 'projector', 'worker'].map(role);

function recorder(waitFor: (names: readonly string[]) => Promise<void>, stopping = () => false) {
  const events: string[] = [];
  const steps: StartOrderSteps = {
    start: (r) => events.push(`start ${r.name}`),
    waitUntilReady: async (names) => {
      events.push(`wait ${names.join(',')}`);
      await waitFor(names);
      events.push('ready');
    },
    stopping,
    notReady: (err) => events.push(`not ready: ${(err as Error).message}`),
  };
  return { events, steps };
}

describe('startInOrder', () => {
  it('starts the simulators, waits for them to serve, then the rest in their order', async () => {
    const { events, steps } = recorder(async () => {});
    await startInOrder(roles, steps);
    expect(events).toEqual(['start simulators', 'wait simulators', 'ready', 'start api', 'start projector', 'start worker']);
  });

  it('starts nothing else before the simulators are ready', async () => {
    let ready!: () => void;
    const { events, steps } = recorder(() => new Promise<void>((r) => (ready = r)));
    const started = startInOrder(roles, steps);
    await Promise.resolve();
    expect(events).toEqual(['start simulators', 'wait simulators']);
    ready();
    await started;
    expect(events.slice(2)).toEqual(['ready', 'start api', 'start projector', 'start worker']);
  });

  it('starts the rest anyway when the simulators never signal ready', async () => {
    const { events, steps } = recorder(() => Promise.reject(new Error('simulators did not signal ready in 60 s')));
    await startInOrder(roles, steps);
    expect(events).toEqual([
      'start simulators',
      'wait simulators',
      'not ready: simulators did not signal ready in 60 s',
      'start api',
      'start projector',
      'start worker',
    ]);
  });

  it('starts no more once the supervisor is stopping', async () => {
    const { events, steps } = recorder(
      async () => {},
      () => true,
    );
    await startInOrder(roles, steps);
    expect(events).toEqual(['start simulators', 'wait simulators', 'ready']);
  });

  it('waits for nothing without simulators (real services configured)', async () => {
    const { events, steps } = recorder(async () => {});
    await startInOrder(roles.slice(1), steps);
    expect(events).toEqual(['start api', 'start projector', 'start worker']);
  });
});

describe('rolesToStop', () => {
  it('stops every other role first, the simulators once they are alone', () => {
    expect(rolesToStop(['simulators', 'api-1', 'api-2', 'projector', 'worker'])).toEqual(['api-1', 'api-2', 'projector', 'worker']);
    expect(rolesToStop(['simulators', 'worker'])).toEqual(['worker']);
    expect(rolesToStop(['simulators'])).toEqual(['simulators']);
    expect(rolesToStop([])).toEqual([]);
  });
});
