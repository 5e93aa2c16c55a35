import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { forwardRef, type ReactElement, type ReactNode } from 'react';
import { LazyTrigger } from '../../utilities/LazyTrigger.js';
import * as styles from './Tooltip.css.js';

export const tooltipSides = ['top', 'right', 'bottom', 'left'] as const;
export type TooltipSide = (typeof tooltipSides)[number];

export interface TooltipProps {
  /** What the tooltip says. It supplements the trigger's own accessible name; it never replaces it. */
  content: ReactNode;
  /** One focusable element (a button, a link). */
  children: ReactElement;
  /** Which side of the trigger it appears on; Radix flips it when there is no room. */
  side?: TooltipSide;
  /** Shown (controlled); leave it out to let hover and focus decide. */
  open?: boolean;
  /** Shown from the start, uncontrolled (stories that show it open). */
  defaultOpen?: boolean;
  /** Called when hover, focus or Escape shows or hides it. */
  onOpenChange?: (open: boolean) => void;
  /** Milliseconds the pointer rests on the trigger before it shows; focus shows it at once. */
  delayDuration?: number;
}

const TOOLTIP_RESTING_PROPS = { 'data-state': 'closed' };

/**
 * A short label shown on hover and keyboard focus. Each tooltip carries its own provider, so it
 * works anywhere without setup. Its Radix parts mount on the trigger's first hover or keyboard
 * focus, not on a press or a tap (a feed's hundred action buttons cost nothing until used); with `open` or `defaultOpen` given,
 * at once. Props other than its own (from an outer `asChild` trigger) go to the child.
 */
export const Tooltip = forwardRef<HTMLElement, TooltipProps>(function Tooltip(
  {
    content,
    children,
    side = 'top',
    open,
    defaultOpen,
    onOpenChange,
    delayDuration = 400,
    ...rest
  },
  ref,
) {
  return (
    <LazyTrigger
      {...rest}
      ref={ref}
      eager={open !== undefined || defaultOpen !== undefined}
      mountOnPress={false}
      restingProps={TOOLTIP_RESTING_PROPS}
      renderRoot={(trigger) => (
        <TooltipPrimitive.Provider delayDuration={delayDuration}>
          <TooltipPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
            <TooltipPrimitive.Trigger asChild>{trigger}</TooltipPrimitive.Trigger>
            <TooltipPrimitive.Portal>
              <TooltipPrimitive.Content className={styles.content} side={side} sideOffset={6}>
                {content}
                <TooltipPrimitive.Arrow className={styles.arrow} width={10} height={5} />
              </TooltipPrimitive.Content>
            </TooltipPrimitive.Portal>
          </TooltipPrimitive.Root>
        </TooltipPrimitive.Provider>
      )}
    >
      {children}
    </LazyTrigger>
  );
});
