import * as styles from './SkipToContent.css';

/** The id of the app's main region, where "Skip to content" leads. */
export const MAIN_ID = 'main';

/**
 * The first stop of the tab order, shown only when focused: past the side navigation's eleven
 * stops to the page itself. It focuses the main region instead of following `#main`, which would
 * add a history entry and a hash the router then reads as a new location.
 */
export function SkipToContent() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className={styles.skipLink}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
