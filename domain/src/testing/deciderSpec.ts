import { deepStrictEqual } from 'node:assert/strict';
import { DomainError, fold, type Decider, type ErrorKind } from '../shared/decider.ts';
import type { DomainEvent } from '../shared/events.ts';

/**
 * given/when/then for deciders:
 *   spec.given([events]).when(command).then([expected events])
 *   spec.given([events]).when(command).thenThrows(/message/)
 */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[] = []) {
      return {
        when(command: C) {
          const run = () => decider.decide(command, fold(decider, events));
          return {
            then(expected: E[]) {
              const actual = run();
              deepStrictEqual(actual, expected);
              return actual;
            },
            thenThrows(match?: RegExp, kind?: ErrorKind) {
              let thrown: unknown;
              try {
                run();
              } catch (e) {
                thrown = e;
              }
              if (!(thrown instanceof DomainError)) {
                throw new Error(`expected a DomainError, got ${thrown === undefined ? 'no error' : String(thrown)}`);
              }
              if (match && !match.test(thrown.message)) {
                throw new Error(`expected message matching ${match}, got "${thrown.message}"`);
              }
              if (kind !== undefined && thrown.kind !== kind) {
                throw new Error(`expected kind ${kind}, got ${thrown.kind}`);
              }
            },
          };
        },
      };
    },
  };
}
