import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { NotifyProvider } from '../components/ui/notify';
import { UiStateProvider } from '../lib/ui-state';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <NotifyProvider>
        <UiStateProvider>{children}</UiStateProvider>
      </NotifyProvider>
    </QueryClientProvider>
  );
}
