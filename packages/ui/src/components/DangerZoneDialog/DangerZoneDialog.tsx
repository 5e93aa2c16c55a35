import { validateLoginPassword } from '@whisp/api-client/validation';
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
  /** The password field's label. */
  passwordLabel?: string;
  /** Called with the password once it is filled in; the server checks it. */
  onConfirm: (password: string) => void;
  /** The action is on its way: the button shows a spinner and the dialog stays. */
  pending?: boolean;
  /** The server's refusal: a wrong password shows under the field, anything else above the form. */
  error?: string;
  /** Where `error` belongs. */
  errorField?: 'password' | 'form';
}

/**
 * A destructive action behind a confirmation: what will be lost, then the member's password, then
 * a red button. The field starts empty each time it opens and takes the focus, so nothing
 * destructive is one keypress away; while the action runs the dialog cannot be dismissed.
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
      passwordLabel = 'Password',
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
    const [password, setPassword] = useState('');
    const field = useRef<HTMLInputElement>(null);
    const [problem, setProblem] = useState<string>();
    // The server's error shows until the member edits the password (a new failure shows again).
    const [shownError, setShownError] = useState(error);
    const [lastError, setLastError] = useState(error);
    if (error !== lastError) {
      setLastError(error);
      setShownError(error);
    }
    useEffect(() => {
      if (!open) return;
      setPassword('');
      setProblem(undefined);
    }, [open]);

    const submit = (event: FormEvent) => {
      event.preventDefault();
      const missing = validateLoginPassword(password);
      setProblem(missing);
      if (!missing && !pending) onConfirm(password);
    };
    const fieldError = problem ?? (errorField === 'password' ? shownError : undefined);
    const formError = errorField === 'form' ? shownError : undefined;

    return (
      <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
        <Dialog.Content
          ref={ref}
          className={styles.content}
          data-pending={pending || undefined}
          data-error={shownError ? true : undefined}
          {...props}
          // The password field, named: never the red button, whatever comes first in the dialog.
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
              label={passwordLabel}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
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
