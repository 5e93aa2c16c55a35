import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { type ComponentPropsWithoutRef, forwardRef, useEffect, useRef } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../constants.js';
import { useControllableState } from '../../utilities/useControllableState.js';
import { IconButton } from '../IconButton/IconButton.js';
import * as styles from './SearchField.css.js';

export interface SearchFieldProps
  extends Omit<
    ComponentPropsWithoutRef<'input'>,
    'value' | 'defaultValue' | 'onChange' | 'onSubmit'
  > {
  /** The query, controlled; or `defaultValue` to let the field keep it. */
  value?: string;
  /** The starting query when the field keeps it itself. */
  defaultValue?: string;
  /** Every keystroke, before the debounce. */
  onValueChange?: (value: string) => void;
  /** Called with the trimmed query after typing pauses (300 ms, the spec's debounce). */
  onSearch?: (query: string) => void;
  /** Enter: search at once. */
  onSubmit?: (query: string) => void;
  /** How long typing must pause before `onSearch`. */
  debounceMs?: number;
  /** The field's accessible name (`aria-label`: the icon and the placeholder show it on screen). */
  label?: string;
}

/** The search box: a labelled search landmark, debounced, with a clear button. */
export const SearchField = forwardRef<HTMLInputElement, SearchFieldProps>(function SearchField(
  {
    value: valueProp,
    defaultValue = '',
    onValueChange,
    onSearch,
    onSubmit,
    debounceMs = SEARCH_DEBOUNCE_MS,
    label = 'Search Whisp',
    placeholder = 'Search',
    className,
    ...props
  },
  ref,
) {
  const [value, setValue] = useControllableState(valueProp, defaultValue, onValueChange);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const firstRun = useRef(true);

  useEffect(() => {
    // No search for the initial value: only for what the person types.
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    const timer = setTimeout(() => onSearchRef.current?.(value.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [value, debounceMs]);

  return (
    <search className={className}>
      <form
        className={styles.root}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit?.(value.trim());
        }}
      >
        <span className={styles.icon} aria-hidden="true">
          <Search width={18} height={18} />
        </span>
        <input
          ref={ref}
          type="search"
          aria-label={label}
          placeholder={placeholder}
          className={styles.input}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          {...props}
        />
        {value ? (
          <IconButton
            label="Clear search"
            size="sm"
            className={styles.clear}
            onClick={() => setValue('')}
          >
            <X />
          </IconButton>
        ) : null}
      </form>
    </search>
  );
});
