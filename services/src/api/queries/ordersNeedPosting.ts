import type { AppContext } from '../context.ts';

/** Completed orders not yet posted, from the awaiting-postage read model. */
export async function ordersNeedPosting(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('orders_awaiting_postage')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
