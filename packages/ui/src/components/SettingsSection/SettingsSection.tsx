import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import * as styles from './SettingsSection.css.js';

export interface SettingsSectionProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  /** The section's heading. */
  title: string;
  /** A line under the heading on what the section is for. */
  description?: ReactNode;
  /** The section's rows and toggles. */
  children: ReactNode;
}

/** A titled group of settings rows (Appearance, Account, Privacy…). */
export const SettingsSection = forwardRef<HTMLElement, SettingsSectionProps>(
  function SettingsSection({ title, description, children, className, ...props }, ref) {
    const titleId = useId();
    return (
      <section
        ref={ref}
        aria-labelledby={titleId}
        className={cx(styles.section, className)}
        {...props}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description ? <p className={styles.description}>{description}</p> : null}
        <div className={styles.rows}>{children}</div>
      </section>
    );
  },
);

export interface SettingsToggleProps
  extends Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'onChange'> {
  /** The switch's visible label and accessible name. */
  label: string;
  /** A line under the label on what the setting does. */
  hint?: string;
  /** Whether the setting is on. */
  checked: boolean;
  /** Called with the new value as the member flips it. */
  onCheckedChange: (checked: boolean) => void;
}

/** An on/off setting: a native checkbox with the switch role, so it is announced as a switch. */
export const SettingsToggle = forwardRef<HTMLInputElement, SettingsToggleProps>(
  function SettingsToggle({ label, hint, checked, onCheckedChange, id, className, ...props }, ref) {
    const generatedId = useId();
    const inputId = id ?? generatedId;
    return (
      <div className={cx(styles.row, className)}>
        <span className={styles.rowText}>
          <label htmlFor={inputId} className={styles.rowLabel}>
            {label}
          </label>
          {hint ? (
            <span id={`${inputId}-hint`} className={styles.rowHint}>
              {hint}
            </span>
          ) : null}
        </span>
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          role="switch"
          className={styles.switchRoot}
          checked={checked}
          aria-checked={checked}
          aria-describedby={hint ? `${inputId}-hint` : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
          {...props}
        />
      </div>
    );
  },
);

export interface SettingsRowProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** What the row is ("Email"). */
  label: string;
  /** A line under the label. */
  hint?: string;
  /** A read-only value ("ada@example.com") or a control (a button, a link). */
  children?: ReactNode;
}

/** A setting that is shown rather than switched: a value, or an action such as Export. */
export const SettingsRow = forwardRef<HTMLDivElement, SettingsRowProps>(function SettingsRow(
  { label, hint, children, className, ...props },
  ref,
) {
  return (
    <div ref={ref} className={cx(styles.row, className)} {...props}>
      <span className={styles.rowText}>
        <span className={styles.rowLabel}>{label}</span>
        {hint ? <span className={styles.rowHint}>{hint}</span> : null}
      </span>
      {typeof children === 'string' ? <span className={styles.value}>{children}</span> : children}
    </div>
  );
});
