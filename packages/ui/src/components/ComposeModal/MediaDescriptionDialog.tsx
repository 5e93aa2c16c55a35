import { MEDIA_ALT_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { useState } from 'react';
import { countGraphemes } from '../../format/graphemes.js';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import { TextArea } from '../TextArea/TextArea.js';
import * as styles from './ComposeModal.css.js';

export interface MediaDescriptionDialogProps {
  /** Whether the dialog is open. */
  open: boolean;
  /** Called on Save, Cancel, Escape or the close button. */
  onOpenChange: (open: boolean) => void;
  /** What the image is called while it has no description (its file name). */
  name: string;
  /** The image, shown above the field. */
  previewUrl: string;
  /** The description so far; the text area starts from it each time the dialog opens. */
  description: string;
  /** Called with the trimmed description ("" removes it). */
  onSave: (description: string) => void;
}

/** "Describe this image": a text area with its 1,500-character counter, Save and Cancel. */
export function MediaDescriptionDialog({
  open,
  onOpenChange,
  name,
  previewUrl,
  description,
  onSave,
}: MediaDescriptionDialogProps) {
  const [text, setText] = useState(description);
  const over = countGraphemes(text) > MEDIA_ALT_MAX_LENGTH;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setText(description);
        onOpenChange(next);
      }}
    >
      <Dialog.Content className={styles.describeDialog} aria-describedby={undefined}>
        <Dialog.Title>Describe this image</Dialog.Title>
        <form
          className={styles.describeForm}
          onSubmit={(event) => {
            event.preventDefault();
            if (over) return;
            onSave(text.trim());
            onOpenChange(false);
          }}
        >
          <img className={styles.describePreview} src={previewUrl} alt={description || name} />
          <TextArea
            label="Description"
            hint="What would someone who cannot see the image need to know?"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={MEDIA_ALT_MAX_LENGTH}
            rows={5}
          />
          <div className={styles.describeActions}>
            <Dialog.Close asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={over}>
              Save
            </Button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
