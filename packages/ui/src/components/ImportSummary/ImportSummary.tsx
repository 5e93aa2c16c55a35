import CircleCheck from 'lucide-react/icons/circle-check';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { cx } from '../../utilities/cx.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import * as styles from './ImportSummary.css.js';

/** What an import added, and what it left out. */
export interface ImportSummaryCounts {
  whisps: number;
  media: number;
  follows: number;
  skipped: number;
}

export interface ImportSummaryProps extends ComponentPropsWithoutRef<'section'> {
  /** What the import brought in (whisps, media, follows) and how much it skipped. */
  counts: ImportSummaryCounts;
  /** The archive's file name, named in the title. */
  fileName?: string;
  /** Why items were skipped, one line each, when the server says. */
  skippedReasons?: readonly string[];
  /** The heading level that fits the page's outline. */
  headingLevel?: 2 | 3 | 4;
}

const rows: { key: keyof ImportSummaryCounts; one: string; many: string }[] = [
  { key: 'whisps', one: 'Whisp', many: 'Whisps' },
  { key: 'media', one: 'Media file', many: 'Media files' },
  { key: 'follows', one: 'Follow', many: 'Follows' },
  { key: 'skipped', one: 'Skipped', many: 'Skipped' },
];

/** The outcome of moving an archive here: counts of what was imported and what was skipped. */
export const ImportSummary = forwardRef<HTMLElement, ImportSummaryProps>(function ImportSummary(
  { counts, fileName, skippedReasons = [], headingLevel = 3, className, ...props },
  ref,
) {
  const titleId = useId();
  const format = useWhispFormatter();
  const Heading = `h${headingLevel}` as const;
  const imported = counts.whisps + counts.media + counts.follows;
  return (
    <section
      ref={ref}
      className={cx(styles.root, className)}
      aria-labelledby={titleId}
      data-empty={imported === 0 || undefined}
      {...props}
    >
      <div className={styles.header}>
        <CircleCheck aria-hidden width={20} height={20} className={styles.icon} />
        <Heading id={titleId} className={styles.title}>
          {fileName ? `Imported ${fileName}` : 'Import complete'}
        </Heading>
      </div>
      {imported === 0 ? (
        // The server adds nothing twice: a second import of one archive lands here.
        <p className={styles.note}>
          Nothing new to import: everything in this archive is already here.
        </p>
      ) : null}
      <dl className={styles.counts}>
        {rows.map(({ key, one, many }) => (
          <div key={key} className={styles.count} data-kind={key}>
            <dt className={styles.countLabel}>{counts[key] === 1 ? one : many}</dt>
            <dd className={styles.countValue}>{format.count(counts[key])}</dd>
          </div>
        ))}
      </dl>
      {counts.skipped > 0 ? (
        skippedReasons.length > 0 ? (
          <ul className={styles.reasons} aria-label="Why items were skipped">
            {skippedReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.note}>
            Skipped: entries imported before, rewhisps, and follows or mutes of members who are not
            on this server.
          </p>
        )
      ) : null}
    </section>
  );
});
