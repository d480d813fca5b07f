import { useCallback } from 'react';
import type { Comic } from '../types/api';
import { useUpdateOrder } from '../api/update-order';
import { useOrderUpdateNotices } from './use-order-update-notices';
import { addItem, changeQuantity, removeItem } from '../lib/order-rules';

/** The order line actions; each pushes the whole order and takes the server's answer (with its notices). */
export function useOrderActions() {
  const { mutate, isPending } = useUpdateOrder({ mutationConfig: useOrderUpdateNotices() });
  const add = useCallback((comic: Comic) => mutate((order) => addItem(order, comic)), [mutate]);
  const increase = useCallback((id: string) => mutate((order) => changeQuantity(order, id, 1)), [mutate]);
  const decrease = useCallback((id: string) => mutate((order) => changeQuantity(order, id, -1)), [mutate]);
  const remove = useCallback((id: string) => mutate((order) => removeItem(order, id)), [mutate]);
  const setName = useCallback((name: string) => mutate((order) => ({ ...order, name })), [mutate]);
  return { add, increase, decrease, remove, setName, isPending };
}
