import { creditDecider, formatCents, sendCreditSchema } from '@shop/domain/credit/index';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { fullName, loadUser } from '../../../accounts/users.ts';
import { handle } from '../../../commands/handle.ts';
import { creditStreamId } from '../../../orders/streams.ts';
import { adminRoute, parse } from './adminRoute.ts';
import { adminCalls } from '@shop/domain/contract/admin';

export const USER_NOT_FOUND = 'User not found';
/** Most users and feedbacks one list answers. */
export const ADMIN_LIST_LIMIT = 5000;

/** My Users, send credit, My Feedbacks (admin §2, §7). */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The spec's User fields (never a password hash or reset token: the users read model has none),
  // plus when they signed up and their store credit balance (cents).
  adminRoute(
    app,
    ctx,
    'GET',
    '/users',
    async () => {
      const rows = await ctx.db
        .selectFrom('users')
        .leftJoin('credit_balances', 'credit_balances.user_id', 'users.user_id')
        .select([
          'users.user_id',
          'users.admin',
          'users.email',
          'users.given_name',
          'users.family_name',
          'users.local_pickup',
          'users.addresses',
          'users.show_collate_addresses',
          'users.created_at',
          'credit_balances.balance_cents',
        ])
        .orderBy((eb) => eb.fn('lower', ['users.family_name']))
        .orderBy((eb) => eb.fn('lower', ['users.given_name']))
        .orderBy('users.email')
        .limit(ADMIN_LIST_LIMIT)
        .execute();
      return {
        users: rows.map((r) => ({
          _id: r.user_id,
          admin: r.admin,
          email: r.email,
          givenName: r.given_name,
          familyName: r.family_name,
          localPickup: r.local_pickup,
          addresses: r.addresses,
          showCollateAddresses: r.show_collate_addresses,
          createdAt: r.created_at.toISOString(),
          credit: r.balance_cents ?? 0,
        })),
      };
    },
    { schema: adminCalls.users },
  );

  adminRoute(
    app,
    ctx,
    'POST',
    '/user-send-credit',
    async (request, _reply, admin) => {
      const { targetUserId, amount, description } = parse(sendCreditSchema, request.body);
      const { state: user } = await loadUser(ctx.store, targetUserId);
      if (!user.registered) throw new HttpError(404, USER_NOT_FOUND);
      const { state } = await handle(
        ctx,
        creditDecider,
        creditStreamId(targetUserId),
        { type: 'GrantCredit', amountCents: amount, description, grantedBy: admin.userId },
        requestMetadata(ctx, request, actorOf(admin)),
      );
      return {
        message: `Sent ${formatCents(amount)} credit to ${fullName(user) || user.email}. Their balance is now ${formatCents(state.balanceCents)}.`,
        credit: state.balanceCents,
      };
    },
    { schema: adminCalls.sendCredit },
  );

  // Admin only, although the spec lists it as unauthenticated: it shows customers' emails.
  adminRoute(
    app,
    ctx,
    'GET',
    '/feedback',
    async () => {
      const rows = await ctx.db
        .selectFrom('feedback')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('feedback_id')
        .limit(ADMIN_LIST_LIMIT)
        .execute();
      return {
        feedbacks: rows.map((r) => ({
          _id: r.feedback_id,
          email: r.email,
          description: r.description,
          createdAt: r.created_at.toISOString(),
          userId: r.user_id,
        })),
      };
    },
    { schema: adminCalls.feedback },
  );
}
