import { describe, expect, it } from 'vitest';
import { stopSignals } from './exitWithSupervisor.ts';

describe('stopSignals', () => {
  it('leaves Ctrl-C to the supervisor, which stops its roles in order', () => {
    expect(stopSignals({ COMICSHOP_SUPERVISOR_PID: '4242' })).toEqual(['SIGTERM']);
  });

  it('stops a role run alone on Ctrl-C too', () => {
    expect(stopSignals({})).toEqual(['SIGINT', 'SIGTERM']);
  });
});
