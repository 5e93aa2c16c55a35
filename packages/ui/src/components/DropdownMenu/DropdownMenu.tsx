import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import * as styles from './DropdownMenu.css.js';

// Radix's menu (roving focus, typeahead, Escape, focus return) with Whisp's look; under 600 px
// its content becomes a bottom sheet (see DropdownMenu.css.ts). Consumed as `DropdownMenu.Root`…

export const Root = MenuPrimitive.Root;
export type RootProps = MenuPrimitive.DropdownMenuProps;

export const Trigger = MenuPrimitive.Trigger;
export type TriggerProps = MenuPrimitive.DropdownMenuTriggerProps;

export type ContentProps = ComponentPropsWithoutRef<typeof MenuPrimitive.Content>;

export const Content = forwardRef<HTMLDivElement, ContentProps>(function Content(
  { className, sideOffset = 4, align = 'end', ...props },
  ref,
) {
  return (
    <MenuPrimitive.Portal>
      {/* One element: Radix's portal takes a single child. */}
      <div>
        <div className={styles.sheetScrim} aria-hidden="true" />
        <MenuPrimitive.Content
          ref={ref}
          className={cx(styles.content, className)}
          sideOffset={sideOffset}
          align={align}
          collisionPadding={8}
          {...props}
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
