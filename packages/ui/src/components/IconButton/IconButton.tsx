import { cva } from 'class-variance-authority';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Tooltip } from '../Tooltip/Tooltip.js';
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
  /** `ghost` (no fill, in toolbars and cards) or `solid` (over pictures). */
  variant?: IconButtonVariant;
  /** `sm` 28 px or `md` 36 px; on phones both grow to a 44 px touch target. */
  size?: IconButtonSize;
  /** Makes it a toggle (like, bookmark): sets aria-pressed. Leave undefined for a plain action. */
  pressed?: boolean;
  /** Where the tooltip with the label opens. */
  tooltipSide?: TooltipSide;
  /**
   * What the tooltip says when it should say more than the label: why the button is unavailable,
   * or what it leaves out. The label stays the accessible name either way.
   */
  tooltip?: ReactNode;
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
    tooltip,
    className,
    type,
    ...props
  },
  ref,
) {
  return (
    // Tooltip mounts its Radix parts on first hover, press or focus; the button stays as it is.
    <Tooltip content={tooltip ?? label} side={tooltipSide}>
      <button
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
      </button>
    </Tooltip>
  );
});
