import type { ConnectedApp } from '@whisp/api-client';
import AppWindow from 'lucide-react/icons/app-window';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { websiteLink } from '../../format/appAddress.js';
import { cx } from '../../utilities/cx.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { Button } from '../Button/Button.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './ConnectedAppList.css.js';
import { RevokeAppDialog } from './RevokeAppDialog.js';

export const connectedAppListStatuses = ['loading', 'error', 'success'] as const;
export type ConnectedAppListStatus = (typeof connectedAppListStatuses)[number];

export const CONNECTED_APPS_EMPTY_TITLE = 'No apps are connected to your account';
export const CONNECTED_APPS_LOAD_FAILED = 'Failed to load your connected apps. Please try again.';

export interface ConnectedAppListProps extends ComponentPropsWithoutRef<'div'> {
  /** The apps the member authorized, most recently authorized first (as the API lists them). */
  apps: readonly ConnectedApp[];
  /** `loading` shows placeholders, `error` the error with Retry, `success` the rows. */
  status?: ConnectedAppListStatus;
  /** Revoke was confirmed in the dialog for this app. */
  onRevoke: (app: ConnectedApp) => void;
  /** Apps being revoked: their buttons spin. */
  pendingIds?: readonly string[];
  /** Shown in the `error` state (the server's message when there is one). */
  error?: string;
  onRetry?: () => void;
  /** The clock "Authorized" and "Last used" are measured from (stories and tests pin it). */
  now?: Date;
}

/**
 * The apps a member signed in to with their Whisp account (Settings): each with its website,
 * what it may do, when it was authorized and last used, and Revoke behind a confirmation.
 */
export const ConnectedAppList = forwardRef<HTMLDivElement, ConnectedAppListProps>(
  function ConnectedAppList(
    {
      apps,
      status = 'success',
      onRevoke,
      pendingIds = [],
      error = CONNECTED_APPS_LOAD_FAILED,
      onRetry,
      now,
      className,
      ...props
    },
    ref,
  ) {
    const format = useWhispFormatter();
    const list = useRef<HTMLUListElement>(null);
    // The app Revoke was pressed for and its row's place; kept while the dialog closes, so its
    // title does not change under the closing animation.
    const [asked, setAsked] = useState<{ app: ConnectedApp; index: number }>();
    const [confirming, setConfirming] = useState(false);
    // The row last revoked and where it stood, so focus has somewhere to go when it leaves the
    // list (otherwise it falls to <body> and a keyboard user starts over).
    const revoked = useRef<{ id: string; index: number } | undefined>(undefined);
    const nextFocus = useCallback(() => {
      const index = revoked.current?.index ?? 0;
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
      return buttons?.[Math.min(index, buttons.length - 1)] ?? list.current;
    }, []);
    useLayoutEffect(() => {
      const last = revoked.current;
      if (!last || apps.some((app) => app.id === last.id)) return;
      revoked.current = undefined;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      nextFocus()?.focus();
    }, [apps, nextFocus]);

    const time = (timestamp: string) => (
      <time dateTime={timestamp} title={format.fullDateTime(timestamp)}>
        {format.relativeTime(timestamp, now)}
      </time>
    );

    return (
      <div ref={ref} className={cx(styles.root, className)} data-status={status} {...props}>
        {status === 'loading' ? (
          <div role="status" aria-busy="true">
            <VisuallyHidden>Loading connected apps</VisuallyHidden>
            {[0, 1].map((index) => (
              <div key={index} className={styles.skeletonRow} aria-hidden="true">
                <Skeleton circle width={40} height={40} />
                <span className={styles.details}>
                  <Skeleton width="35%" height={16} />
                  <Skeleton width="60%" height={12} />
                  <Skeleton width="45%" height={12} />
                </span>
              </div>
            ))}
          </div>
        ) : status === 'error' ? (
          <ErrorState message={error} onRetry={onRetry} retryLabel="Retry" />
        ) : apps.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<AppWindow />}
            title={CONNECTED_APPS_EMPTY_TITLE}
            description="When you sign in to an app with your Whisp account, it shows here."
          />
        ) : (
          <ul ref={list} className={styles.list} aria-label="Connected apps" tabIndex={-1}>
            {apps.map((app, index) => {
              const pending = pendingIds.includes(app.id);
              const website = websiteLink(app.website);
              return (
                <li key={app.id} className={styles.row} data-pending={pending || undefined}>
                  <span className={styles.icon}>
                    <AppWindow aria-hidden width={20} height={20} />
                  </span>
                  <span className={styles.details}>
                    <span className={styles.name}>{app.name}</span>
                    {website ? (
                      <a
                        className={styles.website}
                        href={website.href}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {website.label}
                        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                      </a>
                    ) : null}
                    <span className={styles.meta}>
                      Can use: <span className={styles.scopes}>{app.scopes.join(', ')}</span>
                    </span>
                    <span className={styles.meta}>
                      <span className={styles.together}>Authorized {time(app.authorized_at)}</span>
                      {' · '}
                      <span className={styles.together}>Last used {time(app.last_used_at)}</span>
                    </span>
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    className={styles.action}
                    loading={pending}
                    // Every row says "Revoke"; the name says which app.
                    aria-label={`Revoke ${app.name}`}
                    onClick={() => {
                      setAsked({ app, index });
                      setConfirming(true);
                    }}
                  >
                    Revoke
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <RevokeAppDialog
          open={confirming}
          onOpenChange={setConfirming}
          appName={asked?.app.name ?? ''}
          returnFocus={nextFocus}
          onConfirm={() => {
            if (!asked) return;
            revoked.current = { id: asked.app.id, index: asked.index };
            setConfirming(false);
            onRevoke(asked.app);
          }}
        />
      </div>
    );
  },
);
