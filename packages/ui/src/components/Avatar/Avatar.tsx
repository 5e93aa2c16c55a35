import { cva } from 'class-variance-authority';
import { type ComponentPropsWithoutRef, forwardRef, useState } from 'react';
import type { AvatarSize } from './Avatar.css.js';
import * as styles from './Avatar.css.js';

const avatarClass = cva(styles.root, {
  variants: { size: styles.size },
  defaultVariants: { size: 'md' },
});

export interface AvatarProps extends ComponentPropsWithoutRef<'span'> {
  /** The person's display name: the image's alternative text and the source of the initials. */
  name: string;
  /** The picture's address; without one (or while it loads, or if it fails) the initials show. */
  src?: string | null;
  /** `sm` 32 px, `md` 40 px (cards and lists), `lg` 48 px, `xl` 112 px (the profile header). */
  size?: AvatarSize;
  /** Hide from assistive technology when the name is already written next to it. */
  decorative?: boolean;
}

/** Two letters from a name: "Ada Lovelace" → "AL", "ada" → "A". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('');
}

/**
 * A round picture of a person, with their initials while there is no picture to show.
 *
 * The picture is a plain `<img>` laid over the initials: while it loads it paints nothing and the
 * initials show through (after a short delay, so a quick picture does not flash them), and if it
 * fails it is taken away. No preloading `Image` per avatar and no re-render when it arrives: a
 * feed mounts dozens of avatars, and on a slow phone each of those was a task of its own.
 *
 * The initials are drawn by CSS from `data-initials`, not written as text: the avatar is named by
 * its label (or hidden when decorative), and a link around it does not read as "GO" or "AL" to
 * anything that reads the page's text.
 */
export const Avatar = forwardRef<HTMLSpanElement, AvatarProps>(function Avatar(
  { name, src, size = 'md', decorative = false, className, ...props },
  ref,
) {
  // The address that failed, not a flag: a new address gets its own try without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;
  const named = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'img' as const, 'aria-label': name };
  return (
    <span
      ref={ref}
      className={avatarClass({ size, className: [showImage && styles.withPicture, className] })}
      data-size={size}
      data-initials={initialsOf(name)}
      {...named}
      {...props}
    >
      {showImage && src ? (
        <img
          className={styles.image}
          src={src}
          alt=""
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      ) : null}
    </span>
  );
});
