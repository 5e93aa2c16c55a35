import * as TabsPrimitive from '@radix-ui/react-tabs';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cx } from '../../utilities/cx.js';
import * as styles from './Tabs.css.js';

// Radix tabs (arrow keys, roving focus, aria-selected) with Whisp's underline look.
// Consumed as `Tabs.Root`, `Tabs.List`, `Tabs.Trigger`, `Tabs.Content`.

export const Root = TabsPrimitive.Root;
export type RootProps = TabsPrimitive.TabsProps;

export type ListProps = ComponentPropsWithoutRef<typeof TabsPrimitive.List>;
export const List = forwardRef<HTMLDivElement, ListProps>(function List(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.List ref={ref} className={cx(styles.list, className)} {...props} />;
});

export type TriggerProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>;
export const Trigger = forwardRef<HTMLButtonElement, TriggerProps>(function Trigger(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.Trigger ref={ref} className={cx(styles.trigger, className)} {...props} />;
});

export type ContentProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Content>;
export const Content = forwardRef<HTMLDivElement, ContentProps>(function Content(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.Content ref={ref} className={cx(styles.content, className)} {...props} />;
});
