import type { LinkComponent } from '@whisp/ui';
import { Link } from 'react-router-dom';

/** @whisp/ui renders its links through this, so they navigate without reloading the page. */
export const RouterLink: LinkComponent = ({ href, children, ...props }) => (
  <Link to={href} {...props}>
    {children}
  </Link>
);
