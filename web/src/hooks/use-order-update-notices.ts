import { useMemo } from 'react';
import { useNotify } from '../components/ui/notify';
import { errorMessage } from '../lib/api';
import type { UpdateOrderConfig } from '../api/update-order';

/** What a change to the order shows: the server's messages ('Order updated'), or 'Fail' with the error. */
export function useOrderUpdateNotices(): UpdateOrderConfig {
  const notify = useNotify();
  return useMemo(
    () => ({
      onSuccess: (data) => {
        const messages = (data.messages ?? []).filter(Boolean);
        if (messages.length) notify({ title: 'Order updated', message: messages.join('\n'), tone: 'info' });
      },
      onError: (error) => notify({ title: 'Fail', message: errorMessage(error), tone: 'error' }),
    }),
    [notify],
  );
}
