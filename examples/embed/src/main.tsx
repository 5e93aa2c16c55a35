import '@whisp/ui/reset.css'; // optional: Whisp's page-wide base (box-sizing, focus ring, reduced motion)
import '@whisp/ui/styles.css';
import './app.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryTokenStore, createWhispClient } from '@whisp/api-client';
import { WhispClientProvider } from '@whisp/api-client/react';
import { ToastProvider, themeClass } from '@whisp/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// The mocks answer the whole API in the browser (a service worker), signed in as their member
// Robin. They load on their own (msw and the contract's schemas are most of their weight); a real
// app gives createWhispClient its server's `baseUrl` instead and has none of this.
const [{ setupWorker }, { createMockApi, MOCK_TOKEN }] = await Promise.all([
  import('msw/browser'),
  import('@whisp/api-client/mocks'),
]);
await setupWorker(...createMockApi().handlers).start({ onUnhandledRequest: 'bypass', quiet: true });

const client = createWhispClient({ tokenStore: createMemoryTokenStore(MOCK_TOKEN) });
const queryClient = new QueryClient();

const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
document.documentElement.classList.add(themeClass(dark ? 'dark' : 'light'));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <WhispClientProvider client={client}>
        <ToastProvider>
          <App />
        </ToastProvider>
      </WhispClientProvider>
    </QueryClientProvider>
  </StrictMode>,
);
