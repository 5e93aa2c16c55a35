import * as Tooltip from '@radix-ui/react-tooltip';
import { cva } from 'class-variance-authority';
import { type ComponentPropsWithoutRef, forwardRef, type ReactElement } from 'react';
import * as tooltipStyles from '../Tooltip/Tooltip.css.js';
import type { IconButtonSize, IconButtonVariant } from './IconButton.css.js';
import * as styles from './IconButton.css.js';

const iconButtonClass = cva(styles.base, {
  variants: { variant: styles.variant, size: styles.size },
  defaultVariants: { variant: 'ghost', size: 'md' },
});

export const tooltipSides = ['top', 'right', 'bottom', 'left'] as const;
export type TooltipSide = (typeof tooltipSides)[number];

export interface IconButtonProps
  extends Omit<ComponentPropsWithoutRef<'button'>, 'aria-label' | 'aria-pressed' | 'children'> {
  /** The button's accessible name, also shown as its tooltip: an icon alone explains nothing. */
  label: string;
  /** The icon, e.g. `<Heart />` from lucide-react. It is hidden from assistive technology. */
  children: ReactElement;
  variant?: IconButtonVariant;
  size?: IconButtonSize;
  /** Makes it a toggle (like, bookmark): sets aria-pressed. Leave undefined for a plain action. */
  pressed?: boolean;
  tooltipSide?: TooltipSide;
}

/**
 * An icon-only button with a visible tooltip. Each one carries its own tooltip provider so it
 * works anywhere without setup.
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  {
    label,
    children,
    variant = 'ghost',
    size = 'md',
    pressed,
    tooltipSide = 'top',
    className,
    type,
    ...props
  },
  ref,
) {
  return (
    <Tooltip.Provider delayDuration={400}>
      <Tooltip.Root>
        {/* The trigger is the button itself, so Radix composes its handlers with the caller's
            and respects their preventDefault. */}
        <Tooltip.Trigger
          ref={ref}
          type={type ?? 'button'}
          aria-label={label}
          aria-pressed={pressed}
          data-pressed={pressed === undefined ? undefined : String(pressed)}
          data-variant={variant}
          data-size={size}
          className={iconButtonClass({ variant, size, className })}
          {...props}
        >
          <span className={styles.iconSize[size]} aria-hidden="true">
            {children}
          </span>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className={tooltipStyles.content} side={tooltipSide} sideOffset={6}>
            {label}
            <Tooltip.Arrow className={tooltipStyles.arrow} width={10} height={5} />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
});
