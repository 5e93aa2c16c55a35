import { CONNECTED_APP_MESSAGES } from '@whisp/api-client/contract/connected-apps';
import Copy from 'lucide-react/icons/copy';
import Feather from 'lucide-react/icons/feather';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from '../../utilities/cx.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import * as card from '../AuthCard/AuthCard.css.js';
import { Button } from '../Button/Button.js';
import * as styles from './AuthorizationCodeCard.css.js';

export const authorizationCodeStatuses = ['code', 'expired', 'denied'] as const;
/** `code` to copy into the app, or why there is none: `expired` (or used), `denied`. */
export type AuthorizationCodeStatus = (typeof authorizationCodeStatuses)[number];

/** Said (and shown) once the code is on the clipboard. */
export const CODE_COPIED_MESSAGE = 'Code copied. Paste it into the app.';
/** Said when the browser refused the clipboard: the code is selected for the member instead. */
export const CODE_COPY_FAILED_MESSAGE =
  'The code could not be copied. It is selected: copy it yourself.';
/** How long the Copy button says "Copied". */
const COPIED_FOR_MS = 2000;

const titles: Record<AuthorizationCodeStatus, string> = {
  code: 'Your authorization code',
  expired: 'This authorization has ended',
  denied: 'Access denied',
};

export interface AuthorizationCodeCardProps extends ComponentPropsWithoutRef<'section'> {
  status: AuthorizationCodeStatus;
  /** `code`: the authorization code, as the server put it in the address. */
  code?: string;
  /** The app the code is for, when known ("Copy this code and paste it into Toot Terminal."). */
  appName?: string;
  /**
   * Puts the code on the clipboard; `navigator.clipboard.writeText` by default. A rejection
   * selects the code so the member can copy it themselves.
   */
  copyText?: (text: string) => Promise<void>;
  /** A link back to Whisp's home, when the app has one to offer. */
  homeHref?: string;
  /** How that link is rendered; the LinkProvider's component by default. */
  linkComponent?: LinkComponent;
}

const clipboardCopy = (text: string) => navigator.clipboard.writeText(text);

/**
 * Where an app without an address of its own (OAuth's out-of-band) sends the member: the code to
 * copy into the app, with a Copy button that says when it worked, or why there is no code.
 */
export const AuthorizationCodeCard = forwardRef<HTMLElement, AuthorizationCodeCardProps>(
  function AuthorizationCodeCard(
    {
      status,
      code,
      appName,
      copyText = clipboardCopy,
      homeHref,
      linkComponent,
      className,
      ...props
    },
    ref,
  ) {
    const titleId = useId();
    const codeBox = useRef<HTMLElement>(null);
    const Link = useLinkComponent(linkComponent);
    const [copied, setCopied] = useState<'copied' | 'failed'>();
    useEffect(() => {
      if (copied !== 'copied') return;
      const timer = setTimeout(() => setCopied(undefined), COPIED_FOR_MS);
      return () => clearTimeout(timer);
    }, [copied]);

    const copy = async () => {
      if (!code) return;
      try {
        await copyText(code);
        setCopied('copied');
      } catch {
        const box = codeBox.current;
        const selection = box ? window.getSelection() : null;
        if (box && selection) selection.selectAllChildren(box);
        setCopied('failed');
      }
    };

    const shown = status === 'code' && code ? 'code' : status === 'denied' ? 'denied' : 'expired';
    return (
      <section
        ref={ref}
        className={cx(card.card, className)}
        aria-labelledby={titleId}
        data-status={shown}
        {...props}
      >
        <span className={card.brand}>
          <Feather aria-hidden width={28} height={28} /> Whisp
        </span>
        <div>
          <h1 id={titleId} className={card.title}>
            {titles[shown]}
          </h1>
          {shown === 'code' ? (
            <p className={card.subtitle}>
              {CONNECTED_APP_MESSAGES.codeInstructions(appName ?? 'the app')}
            </p>
          ) : null}
        </div>
        {shown === 'code' ? (
          <>
            <div className={styles.codeRow}>
              <code ref={codeBox} className={styles.code}>
                {code}
              </code>
              <Button variant="primary" className={styles.copy} onClick={() => void copy()}>
                <Copy aria-hidden width={16} height={16} />
                {copied === 'copied' ? 'Copied' : 'Copy code'}
              </Button>
            </div>
            <p className={styles.status} role="status">
              {copied === 'copied'
                ? CODE_COPIED_MESSAGE
                : copied === 'failed'
                  ? CODE_COPY_FAILED_MESSAGE
                  : ''}
            </p>
          </>
        ) : (
          <p className={shown === 'denied' ? card.notice : card.formError}>
            {shown === 'denied' ? CONNECTED_APP_MESSAGES.denied : CONNECTED_APP_MESSAGES.expired}
          </p>
        )}
        {homeHref ? (
          <Link href={homeHref} className={styles.home}>
            Go to Whisp
          </Link>
        ) : null}
      </section>
    );
  },
);
