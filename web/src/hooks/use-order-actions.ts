import { useCallback } from 'react';
import type { Comic } from '../types/api';
import { useUpdateOrder, type UpdateOrderConfig } from '../api/update-order';
import { addItem, changeQuantity, removeItem } from '../lib/order-rules';

/** The order line actions; each pushes the whole order and takes the server's answer (mutationConfig: what to show after). */
export function useOrderActions({ mutationConfig }: { mutationConfig?: UpdateOrderConfig } = {}) {
  const { mutate, isPending } = useUpdateOrder({ mutationConfig });
  const add = useCallback((comic: Comic) => mutate((order) => addItem(order, comic)), [mutate]);
  const increase = useCallback((id: string) => mutate((order) => changeQuantity(order, id, 1)), [mutate]);
  const decrease = useCallback((id: string) => mutate((order) => changeQuantity(order, id, -1)), [mutate]);
  const remove = useCallback((id: string) => mutate((order) => removeItem(order, id)), [mutate]);
  const setName = useCallback((name: string) => mutate((order) => ({ ...order, name })), [mutate]);
  return { add, increase, decrease, remove, setName, isPending };
}
