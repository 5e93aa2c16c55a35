import { VALIDATION_MESSAGES, validateLoginPassword } from '@whisp/api-client/validation';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import {
  type FormEvent,
  forwardRef,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import { TextField } from '../TextField/TextField.js';
import * as styles from './DangerZoneDialog.css.js';

export interface DangerZoneDialogProps
  extends Omit<Dialog.ContentProps, 'children' | 'onSubmit' | 'title'> {
  /** Shown (controlled). */
  open: boolean;
  /** Called with false on Escape, Cancel or a click outside (not while `pending`). */
  onOpenChange: (open: boolean) => void;
  /** "Delete your account?" */
  title: string;
  /** One or two sentences on what the action does. */
  description: ReactNode;
  /** What will be lost for good, one item per line. */
  consequences?: readonly string[];
  /** The heading over `consequences`. */
  consequencesTitle?: string;
  /** The destructive button: "Delete account". */
  confirmLabel: string;
  /**
   * What the member types to confirm: their password, or their username when they have no
   * password (they signed up with another account).
   */
  confirmWith?: ConfirmationKind;
  /** The password field's label. */
  passwordLabel?: string;
  /** The username field's label, when `confirmWith` is `username`. */
  usernameLabel?: string;
  /** Called with what was typed (the password or the username); the server checks it. */
  onConfirm: (typed: string) => void;
  /** The action is on its way: the button shows a spinner and the dialog stays. */
  pending?: boolean;
  /** The server's refusal: a wrong password or username under the field, others above the form. */
  error?: string;
  /** Where `error` belongs: under the field (`field`, or `password`, its older name) or above. */
  errorField?: 'field' | 'password' | 'form';
}

export const confirmationKinds = ['password', 'username'] as const;
export type ConfirmationKind = (typeof confirmationKinds)[number];

const presenceCheck: Record<ConfirmationKind, (typed: string) => string | undefined> = {
  password: validateLoginPassword,
  // Only presence: whether it is theirs is the server's to say (WRONG_USERNAME).
  username: (typed) => (typed.trim() ? undefined : VALIDATION_MESSAGES.usernameRequired),
};

/**
 * A destructive action behind a confirmation: what will be lost, then the member's password (or
 * their username, when they have none), then a red button. The field starts empty each time it
 * opens and takes the focus, so nothing destructive is one keypress away; while the action runs
 * the dialog cannot be dismissed.
 */
export const DangerZoneDialog = forwardRef<HTMLDivElement, DangerZoneDialogProps>(
  function DangerZoneDialog(
    {
      open,
      onOpenChange,
      title,
      description,
      consequences = [],
      consequencesTitle = 'You will lose:',
      confirmLabel,
      confirmWith = 'password',
      passwordLabel = 'Password',
      usernameLabel = 'Username',
      onConfirm,
      pending = false,
      error,
      errorField = 'password',
      onOpenAutoFocus,
      ...props
    },
    ref,
  ) {
    const lossesId = useId();
    const [typed, setTyped] = useState('');
    const field = useRef<HTMLInputElement>(null);
    const [problem, setProblem] = useState<string>();
    // The server's error shows until the member edits the field (a new failure shows again).
    const [shownError, setShownError] = useState(error);
    const [lastError, setLastError] = useState(error);
    if (error !== lastError) {
      setLastError(error);
      setShownError(error);
    }
    useEffect(() => {
      if (!open) return;
      setTyped('');
      setProblem(undefined);
    }, [open]);
    // Emptied when the kind changes too: a password typed must never show in a text field.
    const [kind, setKind] = useState(confirmWith);
    if (confirmWith !== kind) {
      setKind(confirmWith);
      setTyped('');
      setProblem(undefined);
    }

    const submit = (event: FormEvent) => {
      event.preventDefault();
      const missing = presenceCheck[confirmWith](typed);
      setProblem(missing);
      if (!missing && !pending) onConfirm(typed);
    };
    const fieldError = problem ?? (errorField !== 'form' ? shownError : undefined);
    const formError = errorField === 'form' ? shownError : undefined;

    return (
      <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
        <Dialog.Content
          ref={ref}
          className={styles.content}
          data-pending={pending || undefined}
          data-error={shownError ? true : undefined}
          {...props}
          // The field, named: never the red button, whatever comes first in the dialog.
          onOpenAutoFocus={(event) => {
            onOpenAutoFocus?.(event);
            if (event.defaultPrevented || !field.current) return;
            event.preventDefault();
            field.current.focus();
          }}
        >
          <div className={styles.header}>
            <span className={styles.icon} aria-hidden="true">
              <TriangleAlert width={20} height={20} />
            </span>
            <Dialog.Title>{title}</Dialog.Title>
          </div>
          <Dialog.Description>{description}</Dialog.Description>
          {consequences.length > 0 ? (
            <div>
              <p id={lossesId} className={styles.lossTitle}>
                {consequencesTitle}
              </p>
              <ul className={styles.losses} aria-labelledby={lossesId}>
                {consequences.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <form className={styles.form} onSubmit={submit} noValidate>
            {formError ? (
              <p className={styles.formError} role="alert">
                {formError}
              </p>
            ) : null}
            <TextField
              ref={field}
              {...(confirmWith === 'password'
                ? { label: passwordLabel, type: 'password', autoComplete: 'current-password' }
                : // Typed as a deliberate step: no autofill, no phone capitals or corrections.
                  {
                    label: usernameLabel,
                    type: 'text',
                    autoComplete: 'off',
                    autoCapitalize: 'none',
                    autoCorrect: 'off',
                    spellCheck: false,
                  })}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setProblem(undefined);
                setShownError(undefined);
              }}
              error={fieldError}
            />
            <Dialog.Footer>
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={pending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" loading={pending}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </form>
        </Dialog.Content>
      </Dialog.Root>
    );
  },
);
