import type { LinkComponent, LinkRenderProps } from '@whisp/ui';
import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
} from 'react';
import { useNavigate } from 'react-router-dom';

/** Navigates to an app path, as react-router's navigate does. */
type Go = (to: string, options: { replace: boolean }) => void;

const GoContext = createContext<Go | null>(null);

/**
 * Gives every RouterLink below it the router's navigate function, read once here: react-router's
 * own `<Link>` runs about fifteen hooks and a layout effect per link to resolve its path, and a
 * feed has several links in each of its cards. Ours take app paths that are already absolute.
 */
export function RouterLinkProvider({ children }: { children: ReactNode }) {
  // The declarative router's navigate changes with every location; the links get one function
  // for the page's life, so a navigation does not re-render every link on the page.
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  const go = useCallback<Go>((to, options) => latest.current(to, options), []);
  return <GoContext.Provider value={go}>{children}</GoContext.Provider>;
}

/** @whisp/ui renders its links through this, so they navigate without reloading the page. */
export const RouterLink: LinkComponent = (props) => <AppLink {...props} />;

function AppLink({ href, children, ...props }: LinkRenderProps) {
  const go = useContext(GoContext);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!go || !isPlainClick(event) || !href.startsWith('/')) return;
    event.preventDefault();
    // As react-router's Link: a link to the page already shown replaces it in the history.
    const here = window.location.pathname + window.location.search + window.location.hash;
    go(href, { replace: here === href });
  };
  return (
    <a href={href} {...props} onClick={onClick}>
      {children}
    </a>
  );
}

/** A primary-button click without a modifier: one that opens a new tab or window is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}
