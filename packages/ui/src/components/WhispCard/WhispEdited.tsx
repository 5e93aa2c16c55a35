import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import * as styles from './WhispCard.css.js';

export interface WhispEditedProps {
  /** When the whisp last changed (`Post.edited_at`). */
  editedAt: string;
  /** Opens the earlier versions; without it "Edited" is a label with its time. */
  onOpen?: () => void;
}

/**
 * "Edited" in a whisp's header, its time in the title (and in the name, for screen readers).
 * A button when the earlier versions can be opened.
 */
export function WhispEdited({ editedAt, onOpen }: WhispEditedProps) {
  const format = useWhispFormatter();
  const when = `Edited ${format.fullDateTime(editedAt)}`;
  return (
    <>
      <span className={styles.muted} aria-hidden="true">
        ·
      </span>
      {onOpen ? (
        <button
          type="button"
          className={styles.edited}
          title={when}
          // Starts with the visible word, so "click Edited" works for speech users.
          aria-label={`${when}: show earlier versions`}
          aria-haspopup="dialog"
          onClick={onOpen}
        >
          Edited
        </button>
      ) : (
        <span className={styles.muted} title={when}>
          Edited
        </span>
      )}
    </>
  );
}
