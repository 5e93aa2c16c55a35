import { IconButton } from '@whisp/ui';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import * as styles from './page.css';

/** The sticky title bar every screen starts with. */
export function PageHeader({
  title,
  subtitle,
  back = false,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: boolean;
  actions?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      {back ? (
        <IconButton
          label="Back"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
        >
          <ArrowLeft />
        </IconButton>
      ) : null}
      {/* Focused after a navigation (app/a11y/useFocusHeadingOnNavigation), never by Tab. */}
      <h1 className={styles.title} tabIndex={-1}>
        {title}
        {subtitle ? <span className={styles.subtitle}>{subtitle}</span> : null}
      </h1>
      {actions}
    </header>
  );
}
