import {
  cloneElement,
  forwardRef,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  version,
} from 'react';
import { flushSync } from 'react-dom';

// A server render has no layout to wait for, and React 18 warns on every useLayoutEffect it meets
// there: apps that render Whisp components on the server would get a warning per card.
const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

type Props = Record<string, unknown>;
type Handler = (event: SyntheticEvent) => void;

/** Its other props (from an outer `asChild` parent, e.g. a menu trigger) go to the trigger element. */
export interface LazyTriggerProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The trigger (one element, e.g. a button): always rendered, the same element before and after. */
  children: ReactElement;
  /**
   * The Radix root (a tooltip, a menu) around the trigger part it is given, which must be passed
   * as the Radix trigger's `asChild` child. Rendered only once the trigger is first used.
   */
  renderRoot: (trigger: ReactElement) => ReactNode;
  /**
   * What the Radix trigger part would say while closed, given to the element until the root
   * mounts: a menu button is announced as one (`aria-haspopup`, `aria-expanded`) before first use.
   */
  restingProps?: Record<string, unknown>;
  /** Mount the root at once (e.g. a controlled open state was given). */
  eager?: boolean;
  /**
   * Whether a press must mount the root because the root acts on it (a menu opens on
   * pointerdown). A tooltip only closes on a press, so its root waits for a hover or a keyboard
   * focus, and a tap (a like on a phone) does not mount it inside the interaction.
   */
  mountOnPress?: boolean;
}

// Elements whose root is not mounted yet, and how to mount it. One set of listeners on the
// document serves them all (a feed has a hundred), instead of handlers on each trigger.
interface Armer {
  /** `soon`: a hover, which mounts the root in a transition rather than inside the event. */
  arm: (soon: boolean) => void;
  onPress: boolean;
}
const armers = new WeakMap<EventTarget, Set<Armer>>();
let listening = false;
// The target of the last press, until a key is pressed: a tap focuses its button after the press
// (Chromium), and that focus must not mount a tooltip the press itself left alone.
let pressed: Node | null = null;
// What a mouse or pen is over (none after a press, which ends a hover's tooltip as Radix does).
let hovered: Node | null = null;

/**
 * Mounts the roots of the trigger an event is about to reach. Capture listeners on the document
 * run before React's on its root container, so React then dispatches this very event to the
 * handlers of the root just mounted: the first hover, press or focus does what it always did (a
 * focus-visible opens a tooltip, Enter opens a menu on its first item, a press opens a menu).
 */
function armTarget(event: Event) {
  // A finger's touch arrives as a press; only a mouse or pen hovers.
  if (event.type === 'pointerover' && (event as PointerEvent).pointerType === 'touch') return;
  const target = event.target as Node | null;
  const isPress = event.type === 'pointerdown';
  const isHover = event.type === 'pointerover';
  if (isPress) {
    pressed = target;
    hovered = null;
  }
  if (isHover) hovered = target;
  for (let node = target; node; node = node.parentNode) {
    const armSet = armers.get(node);
    if (armSet) {
      const focusFromPress = event.type === 'focusin' && pressed !== null && node.contains(pressed);
      for (const armer of [...armSet]) {
        // Radix opens neither on a press nor on the focus a press gives, except a menu's press.
        if ((isPress || focusFromPress) && !armer.onPress) continue;
        armer.arm(isHover);
      }
      return;
    }
  }
}

function forgetPress() {
  pressed = null;
}

function forgetHover(event: Event) {
  if (!(event as PointerEvent).relatedTarget) hovered = null;
}

function listenOnce() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  for (const type of ['pointerover', 'pointerdown', 'focusin'])
    document.addEventListener(type, armTarget, { capture: true });
  document.addEventListener('keydown', forgetPress, { capture: true });
  document.addEventListener('pointerout', forgetHover, { capture: true });
}

/**
 * A Radix root mounted on first use instead of with the page: a card's four tooltips and its
 * menu cost a feed nothing until someone hovers, presses or focuses their trigger. The trigger
 * element stays in place (same node, same accessible name, same focus); Radix's trigger part
 * renders no element of its own but hands its props and ref to it, so positioning, aria
 * attributes and keyboard handling are Radix's own.
 */
export const LazyTrigger = forwardRef<HTMLElement, LazyTriggerProps>(function LazyTrigger(
  { children, renderRoot, restingProps, eager = false, mountOnPress = true, ...outerProps },
  forwardedRef,
) {
  const outer = outerProps as Props;
  const [armed, setArmed] = useState(eager);
  const element = useRef<HTMLElement | null>(null);
  const radix = useRef<Props>({});
  const [radixAttributes, setRadixAttributes] = useState<Props>({});
  const child = children as ReactElement<Props>;
  const childRef = refOf(child);

  const setElement = useCallback(
    (node: HTMLElement | null) => {
      element.current = node;
      assignRef(forwardedRef, node);
      assignRef(childRef, node);
    },
    [forwardedRef, childRef],
  );

  const receive = useCallback((props: Props) => {
    radix.current = props;
    setRadixAttributes((current) => {
      // The handlers' names are kept too: a newly given handler must reach the element.
      const next = attributesOf(props);
      return shallowEqual(current, next) ? current : next;
    });
  }, []);

  // A press or a keyboard focus must reach the root, so it mounts before the event is dispatched.
  // A hover need not: a mouse's quick move-and-click sends the hover, the press and the click in
  // one frame, and a hover's mount inside it (50 ms on a low-tier phone) delayed the click's paint.
  // Mounted in a transition instead, the root is told afterwards of the hover it missed.
  const hoverMissed = useRef(false);
  const arm = useCallback((soon: boolean) => {
    if (!soon) return flushSync(() => setArmed(true));
    hoverMissed.current = true;
    startTransition(() => setArmed(true));
  }, []);
  useEffect(() => {
    const node = element.current;
    if (!hoverMissed.current || !('onPointerMove' in radixAttributes) || !node) return;
    hoverMissed.current = false;
    if (hovered && node.contains(hovered)) {
      node.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }));
    }
  }, [radixAttributes]);
  useClientLayoutEffect(() => {
    const node = element.current;
    if (armed || !node) return;
    listenOnce();
    const armer = { arm, onPress: mountOnPress };
    const armSet = armers.get(node) ?? new Set();
    armSet.add(armer);
    armers.set(node, armSet);
    return () => {
      armSet.delete(armer);
      if (armSet.size === 0) armers.delete(node);
    };
  }, [armed, arm, mountOnPress]);

  // Handlers given by a parent or by Radix run after the element's own, as Radix's Slot does.
  const handlers: Props = {};
  const given = [...Object.keys(outer), ...(armed ? Object.keys(radixAttributes) : [])];
  for (const name of new Set(given.filter(isHandlerName))) {
    handlers[name] = (event: SyntheticEvent) => {
      (child.props[name] as Handler | undefined)?.(event);
      (outer[name] as Handler | undefined)?.(event);
      if (!event.defaultPrevented) (radix.current[name] as Handler | undefined)?.(event);
    };
  }

  // As Radix's Slot merges: the element's own props win over its parents', an outer parent's over
  // the inner root's (a menu's data-state over its button's tooltip's); handlers all run.
  const attributes: Props = { ...(armed ? radixAttributes : restingProps), ...outer };
  for (const name of Object.keys(child.props)) delete attributes[name];
  const trigger = cloneElement(child, {
    ...attributes,
    ...handlers,
    className: joinClassNames(child.props.className, outer.className),
    ref: setElement,
  });
  return (
    <>
      {trigger}
      {armed ? renderRoot(<TriggerTunnel element={element} receive={receive} />) : null}
    </>
  );
});

interface TriggerTunnelProps {
  element: { current: HTMLElement | null };
  receive: (props: Props) => void;
}

/**
 * Stands where Radix expects its trigger's child: takes the props and ref Radix gives it and
 * passes them to the real trigger element, rendering nothing itself.
 */
const TriggerTunnel = forwardRef<HTMLElement, TriggerTunnelProps>(function TriggerTunnel(
  { element, receive, ...radixProps },
  ref,
) {
  useClientLayoutEffect(() => {
    receive(radixProps);
  });
  useClientLayoutEffect(() => {
    assignRef(ref, element.current);
    return () => assignRef(ref, null);
  }, [ref, element]);
  return null;
});

const isHandlerName = (name: string) => /^on[A-Z]/.test(name);

// Radix hands out new handler functions each render; only which handlers exist matters here.
const HANDLER_PLACEHOLDER = undefined;

function attributesOf(props: Props): Props {
  const attributes: Props = {};
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children') continue;
    attributes[name] = isHandlerName(name) ? HANDLER_PLACEHOLDER : value;
  }
  return attributes;
}

const REACT_19 = Number(version.split('.')[0]) >= 19;

/** React 19 keeps an element's ref in its props; React 18 beside them. */
function refOf(element: ReactElement<Props>): Ref<HTMLElement> | undefined {
  return (REACT_19 ? element.props.ref : (element as unknown as { ref?: Ref<HTMLElement> }).ref) as
    | Ref<HTMLElement>
    | undefined;
}

function shallowEqual(a: Props, b: Props): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

function joinClassNames(...names: unknown[]): string | undefined {
  const joined = names.filter((name) => typeof name === 'string' && name).join(' ');
  return joined || undefined;
}

function assignRef<Value>(ref: Ref<Value> | undefined, value: Value | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: Value | null }).current = value;
}
