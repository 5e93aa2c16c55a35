import '@whisp/ui/styles.css';
import { StrictMode } from 'react';
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
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
