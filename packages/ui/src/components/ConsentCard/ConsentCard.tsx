import type { OauthAuthorizationRequest } from '@whisp/api-client';
import { describeScopes } from '@whisp/api-client/contract/connected-apps';
import Check from 'lucide-react/icons/check';
import ExternalLink from 'lucide-react/icons/external-link';
import Feather from 'lucide-react/icons/feather';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { returnPlace, websiteLink } from '../../format/appAddress.js';
import { cx } from '../../utilities/cx.js';
import * as card from '../AuthCard/AuthCard.css.js';
import { Button } from '../Button/Button.js';
import { Spinner } from '../Spinner/Spinner.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './ConsentCard.css.js';

export const consentCardStatuses = ['loading', 'ready', 'error'] as const;
/** `loading` while the request is checked, `ready` to decide, `error` when it cannot be authorized. */
export type ConsentCardStatus = (typeof consentCardStatuses)[number];

export const consentDecisions = ['approve', 'deny'] as const;
export type ConsentDecision = (typeof consentDecisions)[number];

export const CONSENT_ERROR_TITLE = 'This app can’t be authorized';

export interface ConsentCardProps extends ComponentPropsWithoutRef<'section'> {
  status: ConsentCardStatus;
  /** `ready`: the app, the scopes it asks for and where the member returns to, as the API says. */
  request?: OauthAuthorizationRequest;
  /** The signed-in member, without the @: whose account the app will use. */
  username?: string;
  /** `error`: why (the server's words: an unknown app, an address it did not register…). */
  error?: string;
  /** `error`: offered when asking again may work (the network, the server), not for a 400. */
  onRetry?: () => void;
  onAuthorize?: () => void;
  onDeny?: () => void;
  /** The decision on its way (and the browser leaving for the app): its button spins, the other waits. */
  pending?: ConsentDecision;
  /** A decision the server refused, above the buttons (they can be pressed again). */
  decisionError?: string;
}

/**
 * The consent page of a Mastodon app's sign-in (OAuth's authorize step): which app, whose
 * account, what it will be able to do, where the member goes next, and Authorize or Deny.
 */
export const ConsentCard = forwardRef<HTMLElement, ConsentCardProps>(function ConsentCard(
  {
    status,
    request,
    username,
    error,
    onRetry,
    onAuthorize,
    onDeny,
    pending,
    decisionError,
    className,
    ...props
  },
  ref,
) {
  const titleId = useId();
  const scopesTitleId = useId();
  const ready = status === 'ready' && request !== undefined;
  const website = ready ? websiteLink(request.app.website) : null;
  return (
    <section
      ref={ref}
      className={cx(card.card, className)}
      aria-labelledby={titleId}
      aria-busy={status === 'loading' || undefined}
      data-status={status}
      data-pending={pending}
      {...props}
    >
      <span className={card.brand}>
        <Feather aria-hidden width={28} height={28} /> Whisp
      </span>
      {status === 'loading' || (status === 'ready' && !request) ? (
        <>
          <VisuallyHidden>
            <h1 id={titleId}>Authorize an app</h1>
          </VisuallyHidden>
          <div className={styles.loading}>
            <Spinner label="Loading the app’s request" size="lg" />
          </div>
        </>
      ) : status === 'error' ? (
        <>
          <h1 id={titleId} className={styles.title}>
            {CONSENT_ERROR_TITLE}
          </h1>
          <p className={card.formError} role="alert">
            {error}
          </p>
          {onRetry ? (
            <Button variant="secondary" size="lg" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </>
      ) : ready ? (
        <>
          <div className={styles.heading}>
            <h1 id={titleId} className={styles.title}>
              {request.app.name} wants to use your Whisp account
              {username ? (
                <>
                  {' '}
                  <span className={styles.username}>@{username}</span>
                </>
              ) : null}
            </h1>
            {website ? (
              <a
                className={styles.website}
                href={website.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {website.label}
                <ExternalLink aria-hidden width={14} height={14} />
                <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </a>
            ) : null}
          </div>
          <div className={styles.section}>
            <h2 id={scopesTitleId} className={styles.sectionTitle}>
              It will be able to:
            </h2>
            <ul className={styles.scopes} aria-labelledby={scopesTitleId}>
              {describeScopes(request.scopes).map(({ scope, description }) => (
                <li key={scope} className={styles.scope}>
                  <Check aria-hidden width={18} height={18} className={styles.scopeIcon} />
                  <span>
                    {description}
                    <span className={styles.scopeName}>{scope}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <p className={styles.returns}>
            {request.out_of_band ? (
              <>
                Whisp will then show you a code to copy into{' '}
                <span className={styles.returnPlace}>{request.app.name}</span>.
              </>
            ) : (
              <>
                You will then return to{' '}
                <span className={styles.returnPlace}>{returnPlace(request.redirect_uri)}</span>.
              </>
            )}
          </p>
          {decisionError ? (
            <p className={card.formError} role="alert">
              {decisionError}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button
              size="lg"
              className={styles.action}
              loading={pending === 'approve'}
              disabled={pending === 'deny'}
              onClick={onAuthorize}
            >
              Authorize
            </Button>
            <Button
              variant="secondary"
              size="lg"
              className={styles.action}
              loading={pending === 'deny'}
              disabled={pending === 'approve'}
              onClick={onDeny}
            >
              Deny
            </Button>
          </div>
          <p className={styles.footnote}>
            You can take this access back at any time in Settings, under Connected apps.
          </p>
        </>
      ) : null}
    </section>
  );
});
