import { CONTENT_WARNING_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { Button, TextField } from '@whisp/ui';
import { useEffect, useRef } from 'react';
import * as styles from './ReplyDialog.css';

/**
 * A reply's content warning, as the composer's: off until asked for, then one line the readers
 * see before the reply (blank sends none). Above the reply box, where it is read first.
 */
export function ReplyWarningField({
  value,
  onValueChange,
}: {
  /** null: no warning. */
  value: string | null;
  onValueChange: (value: string | null) => void;
}) {
  const field = useRef<HTMLInputElement>(null);
  const shown = value !== null;
  // Asked for a moment ago: the member writes it next.
  useEffect(() => {
    if (shown) field.current?.focus();
  }, [shown]);
  if (value === null) {
    return (
      <Button
        className={styles.warningToggle}
        variant="ghost"
        size="sm"
        onClick={() => onValueChange('')}
      >
        Add a content warning
      </Button>
    );
  }
  return (
    <div className={styles.warningField}>
      <TextField
        ref={field}
        label="Content warning"
        placeholder="What is it about? (spoilers, news, a hard topic)"
        value={value}
        maxLength={CONTENT_WARNING_MAX_LENGTH}
        counterWarningAbove={CONTENT_WARNING_MAX_LENGTH - 10}
        autoComplete="off"
        onChange={(event) => onValueChange(event.target.value)}
      />
      <Button variant="ghost" size="sm" onClick={() => onValueChange(null)}>
        Remove content warning
      </Button>
    </div>
  );
}
