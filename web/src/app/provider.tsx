import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { NotifyProvider } from '../components/ui/notify';
import { UiStateProvider } from '../lib/ui-state';

/** The app's providers; `client` is the prerender's query client (with the homepage's answer in it), else one is made. */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <NotifyProvider>
        <UiStateProvider>{children}</UiStateProvider>
      </NotifyProvider>
    </QueryClientProvider>
  );
}
