import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, forwardRef, useCallback, useEffect, useRef } from 'react';
import { cx } from '../../utilities/cx.js';
import {
  focusIsLost,
  type ReturnFocusTarget,
  restoreFocus,
  trackFocus,
} from '../../utilities/focusReturn.js';
import * as styles from './DropdownMenu.css.js';

// Radix's menu (roving focus, typeahead, Escape, focus return) with Whisp's look; under 600 px
// its content becomes a bottom sheet (see DropdownMenu.css.ts). Consumed as `DropdownMenu.Root`…

export const Root = MenuPrimitive.Root;
export type RootProps = MenuPrimitive.DropdownMenuProps;

export const Trigger = MenuPrimitive.Trigger;
export type TriggerProps = MenuPrimitive.DropdownMenuTriggerProps;

export interface ContentProps extends ComponentPropsWithoutRef<typeof MenuPrimitive.Content> {
  /**
   * Where focus goes on close when the menu's trigger is gone from the page (its card was
   * removed while the menu was open), unless a list named the next card for it: an element, or a
   * function read at close. Otherwise focus returns to the trigger, as Radix does; focus an item
   * moved elsewhere (into the dialog it opened, a toast's action) stays there.
   */
  returnFocus?: ReturnFocusTarget;
}

export const Content = forwardRef<HTMLDivElement, ContentProps>(function Content(
  { className, sideOffset = 4, align = 'end', returnFocus, onCloseAutoFocus, ...props },
  ref,
) {
  // Mounted with the Root: an item's focus is known after the item is gone (see focusReturn).
  useEffect(trackFocus, []);
  // Kept while the menu is open: a trigger removed meanwhile can no longer be found by its id.
  const trigger = useRef<HTMLElement | null>(null);
  const setContent = useCallback(
    (node: HTMLDivElement | null) => {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
      const triggerId = node?.getAttribute('aria-labelledby');
      if (triggerId) trigger.current = node?.ownerDocument.getElementById(triggerId) ?? null;
    },
    [ref],
  );
  return (
    <MenuPrimitive.Portal>
      {/* One element: Radix's portal takes a single child. */}
      <div>
        <div className={styles.sheetScrim} aria-hidden="true" />
        <MenuPrimitive.Content
          ref={setContent}
          className={cx(styles.content, className)}
          sideOffset={sideOffset}
          align={align}
          collisionPadding={8}
          {...props}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            if (!focusIsLost()) {
              // Radix would pull focus back to the trigger from a dialog an item just opened.
              event.preventDefault();
              return;
            }
            if (trigger.current?.isConnected) return;
            event.preventDefault();
            restoreFocus([trigger.current], returnFocus);
          }}
        />
      </div>
    </MenuPrimitive.Portal>
  );
});

export const itemVariants = ['default', 'danger'] as const;
export type ItemVariant = (typeof itemVariants)[number];

export interface ItemProps extends ComponentPropsWithoutRef<typeof MenuPrimitive.Item> {
  /** `danger` for destructive entries (Delete). */
  variant?: ItemVariant;
}

export const Item = forwardRef<HTMLDivElement, ItemProps>(function Item(
  { className, variant = 'default', ...props },
  ref,
) {
  return (
    <MenuPrimitive.Item
      ref={ref}
      className={cx(styles.item, className)}
      data-variant={variant}
      {...props}
    />
  );
});

export type SeparatorProps = ComponentPropsWithoutRef<typeof MenuPrimitive.Separator>;

export const Separator = forwardRef<HTMLDivElement, SeparatorProps>(function Separator(
  { className, ...props },
  ref,
) {
  return (
    <MenuPrimitive.Separator ref={ref} className={cx(styles.separator, className)} {...props} />
  );
});
