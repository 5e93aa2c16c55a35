// The entry of a team's Vite (or any bundler's) React app that embeds Whisp.
import '@whisp/ui/reset.css'; // optional: only if the app has no base of its own
import '@whisp/ui/styles.css'; // once, before the app's own CSS
import type { Post } from '@whisp/api-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastProvider, themeClass, WhispCard, WhispUiProvider } from '../../index.js';

// The theme class on <html>, so dialogs and tooltips in their portals are themed too.
const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
document.documentElement.classList.add(themeClass(dark ? 'dark' : 'light'));

function LatestWhisp({ post }: { post: Post }) {
  // A class of the team's own composes with Whisp's; the team's unlayered CSS wins.
  return <WhispCard post={post} className="team-card" onLike={(liked) => console.log(liked.id)} />;
}

export function mount(container: HTMLElement, post: Post) {
  createRoot(container).render(
    <StrictMode>
      <WhispUiProvider locale={navigator.language}>
        <ToastProvider>
          <LatestWhisp post={post} />
        </ToastProvider>
      </WhispUiProvider>
    </StrictMode>,
  );
}
