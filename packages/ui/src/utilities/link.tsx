import { createContext, type ReactNode, useContext } from 'react';

export interface LinkRenderProps {
  /** An app path such as `/user/ada` or `/search?q=%23design`. */
  href: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-current'?: 'page' | undefined;
  'aria-hidden'?: boolean;
  tabIndex?: number;
}

/**
 * How the library renders links to the app's own pages. The default is a plain `<a>`; an app
 * with a client-side router passes a component that renders its router's link, e.g.
 * `({ href, ...props }) => <Link to={href} {...props} />` for react-router.
 */
export type LinkComponent = (props: LinkRenderProps) => ReactNode;

export const DefaultLink: LinkComponent = ({ href, children, ...props }) => (
  <a href={href} {...props}>
    {children}
  </a>
);

const LinkContext = createContext<LinkComponent>(DefaultLink);

export interface LinkProviderProps {
  linkComponent: LinkComponent;
  children: ReactNode;
}

/** Sets the link component for every Whisp component below it, so it need not be passed to each. */
export function LinkProvider({ linkComponent, children }: LinkProviderProps) {
  return <LinkContext.Provider value={linkComponent}>{children}</LinkContext.Provider>;
}

/** The `linkComponent` prop when given, else the provider's, else a plain `<a>`. */
export function useLinkComponent(fromProps?: LinkComponent): LinkComponent {
  const fromContext = useContext(LinkContext);
  return fromProps ?? fromContext;
}
