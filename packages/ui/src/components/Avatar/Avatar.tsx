import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cva } from 'class-variance-authority';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
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

/** A round picture of a person, with their initials while there is no picture to show. */
export const Avatar = forwardRef<HTMLSpanElement, AvatarProps>(function Avatar(
  { name, src, size = 'md', decorative = false, className, ...props },
  ref,
) {
  return (
    <AvatarPrimitive.Root
      ref={ref}
      className={avatarClass({ size, className })}
      data-size={size}
      // The fallback is text, so the name is given once, to the whole avatar.
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      {...props}
    >
      {src ? <AvatarPrimitive.Image className={styles.image} src={src} alt="" /> : null}
      <AvatarPrimitive.Fallback className={styles.fallback} delayMs={src ? 300 : 0}>
        {initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
});
