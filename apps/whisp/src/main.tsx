import '@whisp/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyTheme, initialTheme } from './app/theme';

applyTheme(initialTheme());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render Whisp into.');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
