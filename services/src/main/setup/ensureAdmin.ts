import { randomUUID } from 'node:crypto';
import { userDecider } from '@shop/domain/users/index';
import { DomainError } from '@shop/domain/shared/decider';
import { SYSTEM_ACTOR, type EventMetadata } from '@shop/domain/shared/events';
import { findUserByEmail, registerAccount, userStreamId } from '../../accounts/users.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Config } from '../../config/config.ts';
import { handle, type HandlerDeps } from '../../commands/handle.ts';

const setupMetadata = (): EventMetadata => ({
  actor: SYSTEM_ACTOR('setup'),
  correlationId: randomUUID(),
  causationId: null,
  requestId: null,
  time: new Date().toISOString(),
});

/**
 * The shop's admin from ADMIN_EMAIL / ADMIN_PASSWORD: registered (through the same email reservation
 * and user rules as a sign-up, with admin set) when no account has that email; made an admin when
 * the account exists but is not one. An existing account's password is never changed here.
 */
export async function ensureAdmin(deps: HandlerDeps, config: Config, log: (message: string) => void): Promise<void> {
  const email = config.ADMIN_EMAIL.trim().toLowerCase();
  let existing = await findUserByEmail(deps.store, email);
  for (let attempt = 1; !existing; attempt++) {
    try {
      await registerAccount(
        deps,
        {
          email,
          givenName: 'Shop',
          familyName: 'Admin',
          passwordHash: await hashPassword(config.ADMIN_PASSWORD),
          admin: true,
          localPickup: true,
        },
        setupMetadata(),
      );
      log(`[setup] registered the admin account ${email}`);
      return;
    } catch (e) {
      // Another process is registering it at the same moment: see what it made.
      if (!(e instanceof DomainError && e.kind === 'conflict') || attempt >= 10) throw e;
      await new Promise((r) => setTimeout(r, 500));
      existing = await findUserByEmail(deps.store, email);
    }
  }
  if (existing.user.admin) {
    log(`[setup] the admin account ${email} exists`);
    return;
  }
  await handle(deps, userDecider, userStreamId(existing.userId), { type: 'GrantAdmin' }, setupMetadata());
  log(`[setup] made the existing account ${email} an admin (its password is unchanged)`);
}
