/** The admin's pull-list views: a customer's pull list, and a series' subscribers. */
import type { AdminPullListAnswer, SeriesSubscribersAnswer } from '@shop/domain/contract/pullLists';
import { DomainError } from '@shop/domain/shared/decider';
import type { Deps } from '../deps/deps.ts';
import { loadUser } from '../accounts/users.ts';
import { readPullList } from './pullListCommands.ts';
import { seriesFamily } from './pullListStreams.ts';

/** GET /admin-pull-list/{userId}: the customer's pull list as they see it, with who they are. */
export async function adminPullList(ctx: Pick<Deps, 'store' | 'clock'>, userId: string): Promise<AdminPullListAnswer> {
  const { state: user } = await loadUser(ctx.store, userId);
  if (!user.registered) throw new DomainError('Customer not found', 'not-found');
  const list = await readPullList(ctx, userId);
  return { ...list, customer: { _id: userId, email: user.email, name: `${user.givenName} ${user.familyName}`.trim() } };
}

/** GET /admin-series-subscribers/{id}: subscribers of the series (and of series merged into it), in subscription order. */
export async function seriesSubscribers(ctx: Pick<Deps, 'store' | 'db'>, seriesId: string): Promise<SeriesSubscribersAnswer> {
  const family = await seriesFamily(ctx, seriesId);
  const rows = await ctx.db
    .selectFrom('pull_list_subscriptions as p')
    .leftJoin('users as u', 'u.user_id', 'p.user_id')
    .select(['p.user_id', 'p.quantity', 'p.covers', 'u.email', 'u.given_name', 'u.family_name'])
    .where('p.series_id', 'in', family.ids)
    .orderBy('p.subscribed_position')
    .execute();
  const subscribers = rows.map((r) => ({
    userId: r.user_id,
    email: r.email ?? '',
    name: `${r.given_name ?? ''} ${r.family_name ?? ''}`.trim(),
    quantity: r.quantity,
    covers: r.covers as 'all' | 'main',
  }));
  return { seriesId: family.liveId, title: family.title, subscribers, copies: subscribers.reduce((s, r) => s + r.quantity, 0) };
}
