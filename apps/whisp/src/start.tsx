import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/App';
import { applyTheme } from './app/theme';
import { initialTheme } from './app/themePreference';
import { warmStart } from './app/warmStart';

applyTheme(initialTheme());
const queryClient = createQueryClient();
warmStart(queryClient, window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render Whisp into.');
const root = createRoot(container);
// As a transition, the first render is done in slices that let the browser in between (a plain
// render is one task, of over 100 ms on a slow phone); the boot screen shows until it commits.
startTransition(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
