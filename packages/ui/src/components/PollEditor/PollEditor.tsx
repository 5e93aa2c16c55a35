import {
  POLL_DURATION_CHOICES,
  POLL_OPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
} from '@whisp/api-client/contract/limits';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { type ComponentPropsWithoutRef, forwardRef, useId, useRef } from 'react';
import { cx } from '../../utilities/cx.js';
import { Button } from '../Button/Button.js';
import { IconButton } from '../IconButton/IconButton.js';
import { TextField } from '../TextField/TextField.js';
import * as styles from './PollEditor.css.js';
import { type PollDraft, pollDurationLabel, pollDurationOptions } from './pollDraft.js';

export interface PollEditorProps
  extends Omit<ComponentPropsWithoutRef<'fieldset'>, 'onChange' | 'defaultValue'> {
  /** The poll being written. */
  value: PollDraft;
  /** Every change of an option, the duration or "Multiple choice". */
  onValueChange: (poll: PollDraft) => void;
  /** "Remove poll": the whisp goes without one. */
  onRemove: () => void;
  /** Why the poll cannot be sent yet (the contract's sentence), shown under it. */
  error?: string;
}

/**
 * A poll inside the composer: 2 to 4 options with counters, how long it runs, whether several
 * options may be chosen, and a way to remove it.
 */
export const PollEditor = forwardRef<HTMLFieldSetElement, PollEditorProps>(function PollEditor(
  { value, onValueChange, onRemove, error, className, ...props },
  ref,
) {
  const ids = useId();
  const list = useRef<HTMLOListElement>(null);
  const update = (patch: Partial<PollDraft>) => onValueChange({ ...value, ...patch });
  const setOption = (index: number, text: string) =>
    update({ options: value.options.map((option, at) => (at === index ? text : option)) });
  // A duration from elsewhere (a restored draft) is still shown, not silently replaced.
  const durations = (POLL_DURATION_CHOICES as readonly number[]).includes(value.expiresIn)
    ? pollDurationOptions
    : [
        ...pollDurationOptions,
        { seconds: value.expiresIn, label: pollDurationLabel(value.expiresIn) },
      ];

  const focusOption = (index: number) =>
    requestAnimationFrame(() => list.current?.querySelectorAll('input')[index]?.focus());

  return (
    <fieldset
      ref={ref}
      className={cx(styles.root, className)}
      aria-describedby={error ? `${ids}-error` : undefined}
      {...props}
    >
      <legend className={styles.legend}>Poll</legend>
      <ol ref={list} className={styles.options}>
        {value.options.map((option, index) => (
          // Options have no identity beyond their place; the place is what the label names.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className={styles.option}>
            <TextField
              className={styles.optionField}
              label={`Option ${index + 1}`}
              value={option}
              maxLength={POLL_OPTION_MAX_LENGTH}
              counterWarningAbove={POLL_OPTION_MAX_LENGTH - 10}
              onChange={(event) => setOption(index, event.target.value)}
            />
            {value.options.length > POLL_OPTIONS_MIN ? (
              <IconButton
                className={styles.removeOption}
                label={`Remove option ${index + 1}`}
                size="sm"
                onClick={() => {
                  update({ options: value.options.filter((_, at) => at !== index) });
                  focusOption(Math.max(0, index - 1));
                }}
              >
                <X />
              </IconButton>
            ) : null}
          </li>
        ))}
      </ol>
      <div className={styles.settings}>
        <label className={styles.settingLabel}>
          Poll length
          <select
            className={styles.select}
            value={value.expiresIn}
            onChange={(event) => update({ expiresIn: Number(event.target.value) })}
          >
            {durations.map((duration) => (
              <option key={duration.seconds} value={duration.seconds}>
                {duration.label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.settingLabel}>
          <input
            type="checkbox"
            role="switch"
            aria-checked={value.multiple}
            className={styles.switchInput}
            checked={value.multiple}
            onChange={(event) => update({ multiple: event.target.checked })}
          />
          Multiple choice
        </label>
      </div>
      {error ? (
        <p id={`${ids}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        {value.options.length < POLL_OPTIONS_MAX ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              update({ options: [...value.options, ''] });
              focusOption(value.options.length);
            }}
          >
            <Plus aria-hidden="true" /> Add an option
          </Button>
        ) : (
          <span />
        )}
        <Button variant="ghost" size="sm" onClick={onRemove}>
          Remove poll
        </Button>
      </div>
    </fieldset>
  );
});

export default PollEditor;
