import { BIO_MAX_LENGTH } from '@whisp/api-client/limits';
import { VALIDATION_MESSAGES } from '@whisp/api-client/validation';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { BIO_COUNTER_WARNING_LENGTH } from '../../constants.js';
import { countGraphemes } from '../../format/graphemes.js';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import { TextArea } from '../TextArea/TextArea.js';
import * as styles from './EditBioDialog.css.js';

export interface EditBioDialogProps extends Omit<Dialog.ContentProps, 'children' | 'onSubmit'> {
  /** Shown (controlled). */
  open: boolean;
  /** Called with false on Escape, Cancel or a click outside. */
  onOpenChange: (open: boolean) => void;
  /** The saved bio; the field starts from it each time the dialog opens. */
  bio: string | null;
  /** Called with the trimmed bio once it is within its limit. */
  onSave: (bio: string) => void;
  /** The bio is on its way: Save shows a spinner. */
  saving?: boolean;
  /** A failure from the server. */
  error?: string;
}

/** Edit your bio: 160 characters with a counter that warns past 140. It opens on the bio field. */
export const EditBioDialog = forwardRef<HTMLDivElement, EditBioDialogProps>(function EditBioDialog(
  { open, onOpenChange, bio, onSave, saving = false, error, onOpenAutoFocus, ...props },
  ref,
) {
  const [value, setValue] = useState(bio ?? '');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) setValue(bio ?? '');
  }, [open, bio]);
  const tooLong = countGraphemes(value) > BIO_MAX_LENGTH;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        ref={ref}
        aria-describedby={undefined}
        {...props}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented || !field.current) return;
          event.preventDefault();
          field.current.focus();
        }}
      >
        <Dialog.Title>Edit bio</Dialog.Title>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            if (!tooLong) onSave(value.trim());
          }}
        >
          <TextArea
            ref={field}
            label="Bio"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            maxLength={BIO_MAX_LENGTH}
            counterWarningAbove={BIO_COUNTER_WARNING_LENGTH}
            error={tooLong ? VALIDATION_MESSAGES.bioTooLong : error}
          />
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button type="submit" loading={saving} disabled={tooLong}>
              Save
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
});
