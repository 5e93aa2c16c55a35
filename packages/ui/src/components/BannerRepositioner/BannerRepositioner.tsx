import {
  BANNER_POSITION_DEFAULT,
  BANNER_POSITION_MAX,
  BANNER_POSITION_MIN,
} from '@whisp/api-client/limits';
import Move from 'lucide-react/icons/move';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type KeyboardEvent,
  type PointerEvent,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from '../../utilities/cx.js';
import { useControllableState } from '../../utilities/useControllableState.js';
import { Button } from '../Button/Button.js';
import * as styles from './BannerRepositioner.css.js';

export interface BannerPosition {
  x: number;
  y: number;
}

export function clampBannerPosition(value: number): number {
  if (Number.isNaN(value)) return BANNER_POSITION_DEFAULT;
  return Math.round(Math.min(BANNER_POSITION_MAX, Math.max(BANNER_POSITION_MIN, value)));
}

export interface BannerRepositionerProps
  extends Omit<ComponentPropsWithoutRef<'div'>, 'onCancel' | 'onSave'> {
  /** The banner being positioned. */
  imageUrl: string;
  /** Percentages (0–100) of CSS object-position; controlled, or `defaultPosition`. */
  position?: BannerPosition;
  /** The starting position when uncontrolled (50% on both axes by default). */
  defaultPosition?: BannerPosition;
  /** Every move, for a live preview elsewhere (the profile behind the dialog). */
  onPositionChange?: (position: BannerPosition) => void;
  /** Called with the chosen position. */
  onSave: (position: BannerPosition) => void;
  /** Leaves without saving. */
  onCancel: () => void;
  /** The save is on its way: Save shows progress and waits. */
  saving?: boolean;
  /** e.g. 'Failed to update banner position: …' */
  error?: string;
}

const KEY_STEP = 1;
const KEY_STEP_LARGE = 10;

/**
 * Moves the banner inside its frame: drag it, or focus it and use the arrow keys (Shift for
 * bigger steps). Values stay within 0–100, the preview is the banner itself.
 */
export const BannerRepositioner = forwardRef<HTMLDivElement, BannerRepositionerProps>(
  function BannerRepositioner(
    {
      imageUrl,
      position: positionProp,
      defaultPosition = { x: BANNER_POSITION_DEFAULT, y: BANNER_POSITION_DEFAULT },
      onPositionChange,
      onSave,
      onCancel,
      saving = false,
      error,
      className,
      ...props
    },
    ref,
  ) {
    const [position, setPosition] = useControllableState(
      positionProp,
      defaultPosition,
      onPositionChange,
    );
    const [dragging, setDragging] = useState(false);
    const dragStart = useRef<{ pointerX: number; pointerY: number; from: BannerPosition } | null>(
      null,
    );
    const hintId = useId();

    const move = (next: BannerPosition) =>
      setPosition({ x: clampBannerPosition(next.x), y: clampBannerPosition(next.y) });

    const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
      event.currentTarget.setPointerCapture(event.pointerId);
      dragStart.current = { pointerX: event.clientX, pointerY: event.clientY, from: position };
      setDragging(true);
    };
    const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
      const start = dragStart.current;
      if (!start) return;
      const box = event.currentTarget.getBoundingClientRect();
      // Dragging the picture right reveals more of its left side: the position goes down.
      move({
        x: start.from.x - ((event.clientX - start.pointerX) / box.width) * 100,
        y: start.from.y - ((event.clientY - start.pointerY) / box.height) * 100,
      });
    };
    const endDrag = () => {
      dragStart.current = null;
      setDragging(false);
    };
    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
      // Arrow keys move the picture the way the arrow points, like dragging it.
      const deltas: Record<string, [number, number]> = {
        ArrowLeft: [step, 0],
        ArrowRight: [-step, 0],
        ArrowUp: [0, step],
        ArrowDown: [0, -step],
      };
      const delta = deltas[event.key];
      if (event.key === 'Home') move(defaultPosition);
      if (!delta) return;
      event.preventDefault();
      move({ x: position.x + delta[0], y: position.y + delta[1] });
    };

    return (
      <div ref={ref} className={cx(styles.root, className)} {...props}>
        {/* biome-ignore lint/a11y/useSemanticElements: a two-axis position has no native control; this group takes arrow keys and announces its value. */}
        <div
          role="group"
          aria-roledescription="banner position"
          aria-label="Banner position"
          aria-describedby={hintId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys act on this element.
          tabIndex={0}
          className={styles.surface}
          data-dragging={dragging || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKeyDown}
        >
          <img
            className={styles.image}
            src={imageUrl}
            alt=""
            draggable={false}
            style={{ objectPosition: `${position.x}% ${position.y}%` }}
          />
          {dragging ? null : (
            <span id={hintId} className={styles.hint}>
              <Move aria-hidden width={16} height={16} />
              Drag or use the arrow keys
            </span>
          )}
        </div>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.footer}>
          <output className={styles.position} aria-live="polite">
            Horizontal {position.x}%, vertical {position.y}%
          </output>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button onClick={() => onSave(position)} loading={saving}>
              Save
            </Button>
          </div>
        </div>
      </div>
    );
  },
);
