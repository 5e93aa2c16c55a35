import { useCallback, useRef, useState } from 'react';

/**
 * Radix's controllable-state habit: `value` + `onChange` when the caller owns the state,
 * `defaultValue` when the component may keep it.
 */
export function useControllableState<Value>(
  value: Value | undefined,
  defaultValue: Value,
  onChange?: (value: Value) => void,
): [Value, (next: Value) => void] {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const isControlled = value !== undefined;
  const current = isControlled ? value : uncontrolled;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const setValue = useCallback(
    (next: Value) => {
      if (!isControlled) setUncontrolled(next);
      onChangeRef.current?.(next);
    },
    [isControlled],
  );
  return [current, setValue];
}
