import * as TabsPrimitive from '@radix-ui/react-tabs';
import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useId,
  useState,
} from 'react';
import { cx } from '../../utilities/cx.js';
import * as styles from './Tabs.css.js';

// Radix tabs (arrow keys, roving focus, aria-selected) with Whisp's underline look.
// Consumed as `Tabs.Root`, `Tabs.List`, `Tabs.Trigger`, `Tabs.Content`.
//
// The panels are Whisp's own, not Radix's `Tabs.Content`: that one mounts through Radix's
// `Presence` (for exit animations, which Whisp's panels do not have), whose ref reads the panel's
// computed style as it mounts, forcing a style recalculation of the whole page in the middle of
// the commit, and then renders the panel a second time. On the feed that was a fifth of the
// first screen's longest task on a slow phone. The ids and ARIA wiring are the same.

interface TabsContextValue {
  value: string | undefined;
  baseId: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(part: string) {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`Tabs.${part} must be inside Tabs.Root.`);
  return context;
}

// Values may hold characters an id cannot (spaces); the pair of ids must only be unique and equal.
const idFor = (baseId: string, part: 'tab' | 'panel', value: string) =>
  `${baseId}-${part}-${encodeURIComponent(value)}`;

export type RootProps = TabsPrimitive.TabsProps;
export const Root = forwardRef<HTMLDivElement, RootProps>(function Root(
  { value: controlledValue, defaultValue, onValueChange, ...props },
  ref,
) {
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  const value = controlledValue ?? uncontrolledValue;
  const baseId = useId();
  const changeValue = useCallback(
    (next: string) => {
      setUncontrolledValue(next);
      onValueChange?.(next);
    },
    [onValueChange],
  );
  return (
    <TabsContext.Provider value={{ value, baseId }}>
      <TabsPrimitive.Root ref={ref} value={value} onValueChange={changeValue} {...props} />
    </TabsContext.Provider>
  );
});

export type ListProps = ComponentPropsWithoutRef<typeof TabsPrimitive.List>;
export const List = forwardRef<HTMLDivElement, ListProps>(function List(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.List ref={ref} className={cx(styles.list, className)} {...props} />;
});

export type TriggerProps = ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>;
export const Trigger = forwardRef<HTMLButtonElement, TriggerProps>(function Trigger(
  { className, value, ...props },
  ref,
) {
  const { baseId } = useTabsContext('Trigger');
  return (
    <TabsPrimitive.Trigger
      ref={ref}
      value={value}
      className={cx(styles.trigger, className)}
      // Radix lets these props replace its own ids, so they name Whisp's panels.
      id={idFor(baseId, 'tab', value)}
      aria-controls={idFor(baseId, 'panel', value)}
      {...props}
    />
  );
});

export interface ContentProps extends ComponentPropsWithoutRef<'div'> {
  /** The `value` of the Trigger that shows this panel. */
  value: string;
  /** Keeps the panel in the page (hidden) while another tab is selected. */
  forceMount?: boolean;
}
export const Content = forwardRef<HTMLDivElement, ContentProps>(function Content(
  { className, value, forceMount = false, children, ...props },
  ref,
) {
  const context = useTabsContext('Content');
  const selected = context.value === value;
  if (!selected && !forceMount) return null;
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={idFor(context.baseId, 'panel', value)}
      aria-labelledby={idFor(context.baseId, 'tab', value)}
      data-state={selected ? 'active' : 'inactive'}
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes the panel reachable by Tab, as Radix's own panel is.
      tabIndex={0}
      className={cx(styles.content, className)}
      {...props}
    >
      {children}
    </div>
  );
});
