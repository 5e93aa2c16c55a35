import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WhispClientProvider } from '@whisp/api-client/react';
import { ToastProvider } from '@whisp/ui';
import { client } from '../client';
import { AppRouter } from './router';
import { SessionProvider } from './SessionProvider';
import { StartupHealthGate } from './StartupHealthGate';
import { ThemeProvider } from './ThemeProvider';

export function createQueryClient() {
  return new QueryClient({
    // Lists stay fresh for half a minute: moving between pages does not refetch everything.
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
  });
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <WhispClientProvider client={client}>
        <ThemeProvider>
          <ToastProvider>
            <StartupHealthGate>
              <SessionProvider>
                <AppRouter />
              </SessionProvider>
            </StartupHealthGate>
          </ToastProvider>
        </ThemeProvider>
      </WhispClientProvider>
    </QueryClientProvider>
  );
}
