import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Puts a call's answer in the cache as a query's data (the want list a POST answers, say). A fetch
 * of that query still in flight is cancelled first: it began before the call and, answering after
 * it, would put the older data back (a slow phone showed "Notify me" again after the want was kept).
 */
export async function putAnswer<T>(client: QueryClient, queryKey: QueryKey, answer: T): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, answer);
}
