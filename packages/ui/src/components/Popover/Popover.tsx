import * as PopoverPrimitive from '@radix-ui/react-popover';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import * as styles from './Popover.css.js';

// Thin wrappers over Radix Popover, consumed as `Popover.Root`, `Popover.Content`…: Radix gives
// the anchoring, Escape, outside clicks and focus return to the trigger; these parts add the look.

export const Root = PopoverPrimitive.Root;
export type RootProps = PopoverPrimitive.PopoverProps;

export const Trigger = PopoverPrimitive.Trigger;
export type TriggerProps = PopoverPrimitive.PopoverTriggerProps;

export const Anchor = PopoverPrimitive.Anchor;
export const Close = PopoverPrimitive.Close;

export type ContentProps = ComponentPropsWithoutRef<typeof PopoverPrimitive.Content>;

/** The floating panel, in a portal at the end of <body>, beside its trigger. */
export const Content = forwardRef<HTMLDivElement, ContentProps>(function Content(
  { className, sideOffset = 6, collisionPadding = 8, ...props },
  ref,
) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        ref={ref}
        className={cx(styles.content, className)}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
});
