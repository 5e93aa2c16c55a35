import { useState } from 'react';

type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * A form's field errors: the form's own checks and the server's (`fieldErrors`, a fresh object
 * from each failed request, which replaces the last). Spec: a field's error clears when the
 * field is edited, whichever side found it.
 */
export function useFieldErrors<Field extends string>(fieldErrors?: FieldErrors<Field>) {
  const [checked, setChecked] = useState<FieldErrors<Field>>({});
  const [fromServer, setFromServer] = useState(fieldErrors);
  const [lastFieldErrors, setLastFieldErrors] = useState(fieldErrors);
  if (fieldErrors !== lastFieldErrors) {
    setLastFieldErrors(fieldErrors);
    setFromServer(fieldErrors);
  }
  const without = (errors: FieldErrors<Field> | undefined, field: Field) => {
    if (!errors || !(field in errors)) return errors;
    const { [field]: _, ...rest } = errors;
    return rest as FieldErrors<Field>;
  };
  return {
    errorFor: (field: Field): string | undefined => checked[field] ?? fromServer?.[field],
    /** The result of the form's own checks, shown in place of the last ones. */
    setChecked,
    /** A field was edited: its errors go. */
    clear: (field: Field) => {
      setChecked((current) => without(current, field) ?? {});
      setFromServer((current) => without(current, field));
    },
    /** Every error goes (the form changed mode). */
    clearAll: () => {
      setChecked({});
      setFromServer(undefined);
    },
  };
}
