import type { Poll as PollData } from '@whisp/api-client';
import CircleCheck from 'lucide-react/icons/circle-check';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from '../../utilities/cx.js';
import { Button } from '../Button/Button.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './Poll.css.js';
import {
  pollCountsKnown,
  pollHasEnded,
  pollPercentages,
  pollTimeLabel,
  pollTotalLabel,
} from './pollResults.js';

export interface PollProps extends ComponentPropsWithoutRef<'div'> {
  /** The whisp's poll, as the server sends it (`Post.poll`). */
  poll: PollData;
  /**
   * Casts the viewer's vote: the chosen options' indexes, in option order. A single-choice poll
   * votes on one tap; a multiple-choice poll once its options are ticked and Vote is pressed.
   * Without it (signed out, say) the options are listed without controls.
   */
  onVote?: (choices: number[]) => void;
  /** The vote is on its way: the controls show it and ignore further presses. */
  voting?: boolean;
  /** Why the last vote failed (the server's message), shown under the poll and announced. */
  error?: string | null;
  /** "Now" for the time left; stories and tests pin it. */
  now?: Date;
  /** Shown for reading only (a preview, a report): no controls, whatever `onVote` says. */
  readOnly?: boolean;
}

/**
 * A whisp's poll. Before the viewer votes, its choices: one tap votes in a single-choice poll;
 * a multiple-choice poll is ticked, then Vote. Once they voted, to its author (whose counts the
 * server shows) and once it ends: bars with percentages in text, the viewer's choice marked,
 * the total and the time left (or "Final results").
 */
export const Poll = forwardRef<HTMLDivElement, PollProps>(function Poll(
  { poll, onVote, voting = false, error, now, readOnly = false, className, ...props },
  ref,
) {
  const ended = pollHasEnded(poll, now);
  const showResults = ended || poll.voted || pollCountsKnown(poll);
  const canVote = !showResults && !readOnly && onVote !== undefined;
  const resultsRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const wasVoting = useRef(canVote);
  // The button just pressed leaves with the choices: focus would fall to <body>. When it was in
  // the poll, the results take it, so the keyboard goes on from where the vote was cast.
  useEffect(() => {
    const active = document.activeElement;
    const focusLost = active === document.body || rootRef.current?.contains(active);
    if (wasVoting.current && showResults && focusLost) resultsRef.current?.focus();
    wasVoting.current = canVote;
  }, [canVote, showResults]);

  const setRoot = (node: HTMLDivElement | null) => {
    rootRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const footer = (
    <p className={styles.footer}>
      {pollTotalLabel(poll)} · {pollTimeLabel(poll, now)}
    </p>
  );
  return (
    <div
      ref={setRoot}
      className={cx(styles.root, className)}
      data-state={showResults ? 'results' : 'open'}
      data-multiple={poll.multiple || undefined}
      aria-busy={voting || undefined}
      {...props}
    >
      {showResults ? (
        <PollResults poll={poll} listRef={resultsRef} />
      ) : canVote && poll.multiple ? (
        <MultipleChoices poll={poll} voting={voting} onVote={onVote} />
      ) : canVote ? (
        <SingleChoices poll={poll} voting={voting} onVote={onVote} />
      ) : (
        <ul className={styles.list} aria-label="Poll options">
          {poll.options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed and may repeat across polls.
            <li key={index}>{option.title}</li>
          ))}
        </ul>
      )}
      {footer}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
});

interface ChoicesProps {
  poll: PollData;
  voting: boolean;
  onVote: (choices: number[]) => void;
}

/** One tap votes: each option is a button named "Vote for <option>". */
function SingleChoices({ poll, voting, onVote }: ChoicesProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a column of buttons, not form fields: a fieldset would announce a form.
    <div className={styles.list} role="group" aria-label="Poll: choose one">
      {poll.options.map((option, index) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its index to the server.
          key={index}
          type="button"
          className={styles.choice}
          aria-label={`Vote for ${option.title}`}
          // Busy, not disabled: the pressed button keeps focus while the vote travels.
          aria-disabled={voting || undefined}
          onClick={() => {
            if (!voting) onVote([index]);
          }}
        >
          {option.title}
        </button>
      ))}
    </div>
  );
}

/** Tick one or more, then Vote. */
function MultipleChoices({ poll, voting, onVote }: ChoicesProps) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const id = useId();
  const toggle = (index: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <form
      className={styles.list}
      onSubmit={(event) => {
        event.preventDefault();
        if (!voting && ticked.size > 0) onVote([...ticked].sort((a, b) => a - b));
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend>
          <VisuallyHidden>Poll: choose one or more</VisuallyHidden>
        </legend>
        <div className={styles.list}>
          {poll.options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an option is its index to the server.
            <label key={index} className={styles.checkboxRow} htmlFor={`${id}-${index}`}>
              <input
                id={`${id}-${index}`}
                type="checkbox"
                className={styles.checkbox}
                checked={ticked.has(index)}
                onChange={() => toggle(index)}
              />
              <span>{option.title}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button
        type="submit"
        size="sm"
        className={styles.voteButton}
        disabled={ticked.size === 0}
        loading={voting}
      >
        Vote
      </Button>
    </form>
  );
}

interface PollResultsProps {
  poll: PollData;
  listRef: Ref<HTMLUListElement>;
}

/** Each option's share in text (never by colour or length alone), the viewer's choice marked. */
function PollResults({ poll, listRef }: PollResultsProps) {
  const percentages = pollPercentages(poll);
  const own = new Set(poll.own_votes);
  return (
    <ul ref={listRef} className={styles.list} aria-label="Poll results" tabIndex={-1}>
      {poll.options.map((option, index) => {
        const percent = percentages[index] ?? 0;
        const chosen = own.has(index);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its index to the server.
          <li key={index} className={styles.result} data-own={chosen || undefined}>
            <span className={styles.resultLine}>
              <span className={styles.percent}>{percent}%</span>
              <span>{option.title}</span>
              {chosen ? (
                <>
                  <CircleCheck className={styles.ownMark} aria-hidden width={16} height={16} />
                  <VisuallyHidden>, your choice</VisuallyHidden>
                </>
              ) : null}
            </span>
            <span className={styles.track} aria-hidden="true">
              <span className={styles.fill} style={{ width: `${percent}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
