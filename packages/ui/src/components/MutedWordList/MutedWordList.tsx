import type { MutedWord } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { MUTED_WORD_MAX_LENGTH, MUTED_WORDS_MAX } from '@whisp/api-client/contract/limits';
import { normaliseMutedWord, validateMutedWord } from '@whisp/api-client/contract/muted-words';
import X from 'lucide-react/icons/x';
import { type ComponentPropsWithoutRef, forwardRef, useId, useState } from 'react';
import { countGraphemes } from '../../format/graphemes.js';
import { cx } from '../../utilities/cx.js';
import { Button } from '../Button/Button.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { IconButton } from '../IconButton/IconButton.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import { TextField } from '../TextField/TextField.js';
import * as styles from './MutedWordList.css.js';

export const mutedWordListStatuses = ['loading', 'error', 'success'] as const;
export type MutedWordListStatus = (typeof mutedWordListStatuses)[number];

export interface MutedWordListProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The muted words, in the order given. */
  words: readonly MutedWord[];
  /** `loading` shows placeholders, `error` the error with Retry, `success` the list. */
  status?: MutedWordListStatus;
  /** The error state's message (the server's when there is one). */
  errorMessage?: string;
  /** The Retry button of the error state. */
  onRetry?: () => void;
  /**
   * Receives the word trimmed, with inner spaces as one. When it returns a promise, the field
   * empties once it resolves and shows the failure's message when it rejects.
   */
  onAdd: (word: string) => unknown;
  /** Called with the word whose Remove button was pressed. */
  onRemove: (word: MutedWord) => void;
  /** Words whose removal is on its way. */
  removingIds?: ReadonlySet<string>;
  /** A failure to add, from the server (shown under the field). */
  addError?: string;
}

/**
 * The member's muted words, phrases and `#tags`: add with the contract's checks (length, the
 * limit on how many) and remove each.
 */
export const MutedWordList = forwardRef<HTMLDivElement, MutedWordListProps>(function MutedWordList(
  {
    words,
    status = 'success',
    errorMessage = 'Failed to load muted words',
    onRetry,
    onAdd,
    onRemove,
    removingIds,
    addError,
    className,
    ...props
  },
  ref,
) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const listId = useId();
  const full = words.length >= MUTED_WORDS_MAX;
  const tooLong = countGraphemes(normaliseMutedWord(draft)) > MUTED_WORD_MAX_LENGTH;

  async function add() {
    // The contract's own check, the one the server and the mocks apply.
    const invalid = validateMutedWord(draft);
    if (invalid) return setProblem(invalid);
    if (full) return setProblem(ERRORS.tooManyMutedWords.message);
    const word = normaliseMutedWord(draft);
    setProblem(undefined);
    const result = onAdd(word);
    if (!(result instanceof Promise)) return setDraft('');
    setAdding(true);
    try {
      await result;
      setDraft('');
    } catch (failure) {
      setProblem(failure instanceof Error && failure.message ? failure.message : undefined);
    } finally {
      setAdding(false);
    }
  }

  return (
    <div
      ref={ref}
      className={cx(styles.root, className)}
      data-status={status}
      data-full={full || undefined}
      {...props}
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <TextField
          className={styles.field}
          label="Word, phrase or #hashtag"
          hint={
            full
              ? ERRORS.tooManyMutedWords.message
              : 'Whisps that contain it leave your feeds, hashtag pages and notifications.'
          }
          value={draft}
          maxLength={MUTED_WORD_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(undefined);
          }}
          error={problem ?? (tooLong ? ERRORS.mutedWordTooLong.message : addError)}
        />
        <Button
          type="submit"
          className={styles.add}
          loading={adding}
          disabled={status !== 'success' || full || tooLong}
        >
          Mute word
        </Button>
      </form>
      {status === 'loading' ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading muted words"
          className={styles.chips}
        >
          {[96, 72, 120].map((width) => (
            <Skeleton key={width} width={width} height={32} />
          ))}
        </div>
      ) : status === 'error' ? (
        <ErrorState message={errorMessage} onRetry={onRetry} retryLabel="Retry" />
      ) : words.length === 0 ? (
        <p className={styles.empty}>You have not muted any words.</p>
      ) : (
        <>
          <p id={listId} className={styles.count}>
            {words.length} of {MUTED_WORDS_MAX} muted words
          </p>
          <ul className={styles.chips} aria-labelledby={listId}>
            {words.map((word) => (
              <li
                key={word.id}
                className={styles.chip}
                data-pending={removingIds?.has(word.id) || undefined}
              >
                <span className={styles.word}>{word.word}</span>
                <IconButton
                  size="sm"
                  label={`Remove muted word ${word.word}`}
                  disabled={removingIds?.has(word.id)}
                  onClick={() => onRemove(word)}
                >
                  <X />
                </IconButton>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
});
