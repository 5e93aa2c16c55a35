import type { HashtagCount } from '@whisp/api-client';
import { TRENDS_SHOWN } from '@whisp/api-client/limits';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import { TRENDING_FALLBACK_HASHTAGS } from '../../constants.js';
import { hashtagHref } from '../../format/content.js';
import { cx } from '../../utilities/cx.js';
import { type LinkComponent, useLinkComponent } from '../../utilities/link.js';
import { useWhispFormatter } from '../../utilities/WhispUiProvider.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import * as skeletonStyles from '../Skeleton/Skeleton.css.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import * as styles from './TrendsPanel.css.js';

export interface TrendsPanelProps extends ComponentPropsWithoutRef<'section'> {
  /** Hashtags with their whisp counts, most used first. */
  trends: HashtagCount[];
  /** `loading` shows placeholders, `error` the error with Retry, `success` the trends. */
  status?: 'loading' | 'error' | 'success';
  /** The Retry button of the error state. */
  onRetry?: () => void;
  /** Where "Show more" goes; hidden when undefined. */
  showMoreHref?: string;
  /** The panel's heading. */
  title?: string;
  /** How many trends to show at most. */
  limit?: number;
  /** Renders the hashtag links (a router link); else the `LinkProvider`'s, else `<a>`. */
  linkComponent?: LinkComponent;
}

/** "What's happening": the top hashtags, each a link to its search; placeholders while quiet. */
export const TrendsPanel = forwardRef<HTMLElement, TrendsPanelProps>(function TrendsPanel(
  {
    trends,
    status = 'success',
    onRetry,
    showMoreHref = '/explore',
    title = 'What’s happening',
    limit = TRENDS_SHOWN,
    linkComponent,
    className,
    ...props
  },
  ref,
) {
  const Link = useLinkComponent(linkComponent);
  const format = useWhispFormatter();
  const titleId = useId();
  // Product spec: with no trends yet, the panel shows its placeholder hashtags.
  const shown: Array<HashtagCount | { hashtag: string; post_count?: undefined }> =
    trends.length > 0
      ? trends.slice(0, limit)
      : TRENDING_FALLBACK_HASHTAGS.map((hashtag) => ({ hashtag }));
  return (
    <section ref={ref} aria-labelledby={titleId} className={cx(styles.panel, className)} {...props}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {status === 'loading' ? (
        <div className={styles.state} role="status" aria-busy="true" aria-label="Loading trends">
          {[0, 1, 2].map((key) => (
            <div key={key} className={skeletonStyles.lineRow}>
              <Skeleton width="50%" />
            </div>
          ))}
        </div>
      ) : status === 'error' ? (
        <ErrorState message="Failed to load trends" onRetry={onRetry} retryLabel="Retry" />
      ) : (
        <ol className={styles.list}>
          {shown.map((trend, index) => (
            <li key={trend.hashtag}>
              <Link href={hashtagHref(trend.hashtag)} className={styles.row}>
                <span className={styles.trend}>
                  <span className={styles.muted}>{index + 1} · Trending</span>
                  <span className={styles.tag}>#{trend.hashtag}</span>
                  {trend.post_count !== undefined ? (
                    <span className={styles.muted}>
                      {format.count(trend.post_count)} {trend.post_count === 1 ? 'whisp' : 'whisps'}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {showMoreHref && status === 'success' ? (
        <Link href={showMoreHref} className={styles.more}>
          Show more
        </Link>
      ) : null}
    </section>
  );
});
