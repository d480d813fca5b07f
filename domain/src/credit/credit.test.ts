import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { creditDecider } from './credit.ts';
import type { CreditEvent } from './creditEvents.ts';

const spec = deciderSpec(creditDecider);
const granted = (amountCents: number): CreditEvent => ({
  type: 'CreditGranted',
  data: { amountCents, description: 'birthday', grantedBy: 'admin-1' },
});
const used = (orderId: string, amountCents: number): CreditEvent => ({
  type: 'CreditUsed',
  data: { orderId, orderPublicId: 1042, amountCents },
});
const forward = (orderId: string, amountCents: number): CreditEvent => ({
  type: 'CreditCarriedForward',
  data: { orderId, orderPublicId: 1042, amountCents },
});

describe('GrantCredit', () => {
  it('grants credit with a trimmed description', () => {
    spec
      .given()
      .when({ type: 'GrantCredit', amountCents: 1000, description: '  birthday ', grantedBy: 'admin-1' })
      .then([granted(1000)]);
  });
  it('refuses zero or negative amounts', () => {
    spec
      .given()
      .when({ type: 'GrantCredit', amountCents: 0, description: 'x', grantedBy: 'a' })
      .thenThrows(/more than 0/, 'invalid');
    spec
      .given()
      .when({ type: 'GrantCredit', amountCents: -5, description: 'x', grantedBy: 'a' })
      .thenThrows(/more than 0/, 'invalid');
  });
  it('refuses fractions of a cent', () => {
    spec
      .given()
      .when({ type: 'GrantCredit', amountCents: 10.5, description: 'x', grantedBy: 'a' })
      .thenThrows(/whole number/, 'invalid');
  });
  it('refuses an empty description', () => {
    spec
      .given()
      .when({ type: 'GrantCredit', amountCents: 100, description: '  ', grantedBy: 'a' })
      .thenThrows(/description/, 'invalid');
  });
  it('refuses a description over 500 characters', () => {
    spec
      .given()
      .when({ type: 'GrantCredit', amountCents: 100, description: 'x'.repeat(501), grantedBy: 'a' })
      .thenThrows(/at most 500/, 'invalid');
  });
});

describe('UseCredit', () => {
  it('uses credit up to the balance', () => {
    spec
      .given([granted(1000)])
      .when({ type: 'UseCredit', orderId: 'o1', orderPublicId: 1042, amountCents: 1000 })
      .then([used('o1', 1000)]);
  });
  it('refuses using more than the balance', () => {
    spec
      .given([granted(1000), used('o1', 400)])
      .when({ type: 'UseCredit', orderId: 'o2', orderPublicId: 1042, amountCents: 601 })
      .thenThrows(/Not enough credit: \$6.00 available, \$6.01 needed/, 'conflict');
  });
  it('is idempotent for the same order and amount', () => {
    spec
      .given([granted(1000), used('o1', 400)])
      .when({ type: 'UseCredit', orderId: 'o1', orderPublicId: 1042, amountCents: 400 })
      .then([]);
  });
  it('refuses a different amount for an order that already used credit', () => {
    spec
      .given([granted(1000), used('o1', 400)])
      .when({ type: 'UseCredit', orderId: 'o1', orderPublicId: 1042, amountCents: 500 })
      .thenThrows(/already used/, 'conflict');
  });
  it('refuses a zero amount', () => {
    spec
      .given([granted(1000)])
      .when({ type: 'UseCredit', orderId: 'o1', orderPublicId: 1, amountCents: 0 })
      .thenThrows(/more than 0/, 'invalid');
  });
});

describe('CarryCreditForward', () => {
  it('carries an overspend forward', () => {
    spec
      .given()
      .when({ type: 'CarryCreditForward', orderId: 'o1', orderPublicId: 1042, amountCents: 250 })
      .then([forward('o1', 250)]);
  });
  it('is idempotent for the same order and amount', () => {
    spec
      .given([forward('o1', 250)])
      .when({ type: 'CarryCreditForward', orderId: 'o1', orderPublicId: 1042, amountCents: 250 })
      .then([]);
  });
  it('refuses a different amount for the same order', () => {
    spec
      .given([forward('o1', 250)])
      .when({ type: 'CarryCreditForward', orderId: 'o1', orderPublicId: 1042, amountCents: 300 })
      .thenThrows(/already carried forward/, 'conflict');
  });
  it('refuses a negative amount', () => {
    spec
      .given()
      .when({ type: 'CarryCreditForward', orderId: 'o1', orderPublicId: 1042, amountCents: -1 })
      .thenThrows(/more than 0/, 'invalid');
  });
});

describe('credit balance', () => {
  it('is the sum of the events', () => {
    const amount = fc.integer({ min: 1, max: 100_000 });
    const event = fc.oneof(
      amount.map(granted),
      fc.tuple(fc.uuid(), amount).map(([id, a]) => used(id, a)),
      fc.tuple(fc.uuid(), amount).map(([id, a]) => forward(id, a)),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const sum = events.reduce((total, e) => total + (e.type === 'CreditUsed' ? -e.data.amountCents : e.data.amountCents), 0);
        expect(fold(creditDecider, events).balanceCents).toBe(sum);
      }),
    );
  });
  it('never goes below zero through commands', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 5000 })), { maxLength: 30 }), (steps) => {
        let state = creditDecider.initialState();
        steps.forEach(([grant, amountCents], i) => {
          try {
            const events = creditDecider.decide(
              grant
                ? { type: 'GrantCredit', amountCents, description: 'x', grantedBy: 'a' }
                : { type: 'UseCredit', orderId: `o${i}`, orderPublicId: i, amountCents },
              state,
            );
            state = events.reduce(creditDecider.evolve, state);
          } catch {
            // refused: nothing changes
          }
          expect(state.balanceCents).toBeGreaterThanOrEqual(0);
        });
      }),
    );
  });
});
