import { type RefObject, useCallback, useEffect, useRef } from 'react';

/** `value` with `text` put in place of the selection `start`–`end`, and the caret after it. */
export function insertText(
  value: string,
  start: number,
  end: number,
  text: string,
): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + text + value.slice(to), caret: from + text.length };
}

/**
 * Inserts text (an emoji) where a text field's caret is, replacing any selection, then gives the
 * field focus back with the caret after the insertion. A field keeps its selection while a picker
 * has focus, so the caret read at insertion is the member's.
 */
export function useInsertAtCaret(
  field: RefObject<HTMLTextAreaElement | HTMLInputElement | null>,
  value: string,
  setValue: (value: string) => void,
) {
  const pendingCaret = useRef<number | null>(null);

  useEffect(() => {
    const element = field.current;
    if (pendingCaret.current === null || !element) return;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  });

  return useCallback(
    (text: string) => {
      const element = field.current;
      const start = element?.selectionStart ?? value.length;
      const end = element?.selectionEnd ?? start;
      const next = insertText(value, start, end, text);
      pendingCaret.current = next.caret;
      setValue(next.value);
    },
    [field, value, setValue],
  );
}
