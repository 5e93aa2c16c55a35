import { ERRORS } from '@whisp/api-client/contract/errors';
import { WHISP_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { useState } from 'react';
import { countGraphemes } from '../../format/graphemes.js';
import { Button } from '../Button/Button.js';
import { TextArea } from '../TextArea/TextArea.js';
import * as styles from './ScheduledWhispList.css.js';

export interface ScheduledWhispTextProps {
  initialValue: string;
  onSave: (content: string) => void;
  onCancel: () => void;
}

/** A scheduled whisp's text, edited in place with its 500 limit. */
export function ScheduledWhispText({ initialValue, onSave, onCancel }: ScheduledWhispTextProps) {
  const [text, setText] = useState(initialValue);
  const [error, setError] = useState<string>();
  const over = countGraphemes(text) > WHISP_MAX_LENGTH;
  return (
    <div className={styles.editor}>
      <TextArea
        label="Whisp text"
        value={text}
        maxLength={WHISP_MAX_LENGTH}
        counterWarningAbove={WHISP_MAX_LENGTH - 20}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <div className={styles.editorActions}>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          size="sm"
          disabled={over}
          onClick={() => {
            if (text.trim() === '') {
              setError(ERRORS.emptyPost.message);
              return;
            }
            onSave(text.trim());
          }}
        >
          Save text
        </Button>
      </div>
    </div>
  );
}
