import { Button, Dialog, TextArea } from '@whisp/ui';
import { useState } from 'react';
import * as styles from './dialogs.css';

const reasons = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment or bullying' },
  { value: 'hate', label: 'Hateful conduct' },
  { value: 'violence', label: 'Violence or threats' },
  { value: 'misinformation', label: 'False or misleading information' },
  { value: 'other', label: 'Something else' },
];

/** Report content sends a report to the moderators (POST /api/posts/{id}/report). */
export default function ReportDialog({
  open,
  sending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  sending: boolean;
  onCancel: () => void;
  onSubmit: (reason: string, details: string) => void;
}) {
  const [reason, setReason] = useState('spam');
  const [details, setDetails] = useState('');
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Content className={styles.narrow}>
        <Dialog.Title>Report content</Dialog.Title>
        <Dialog.Description>
          Tell us what is wrong with this whisp. Our moderators review every report.
        </Dialog.Description>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(reason, details.trim());
          }}
        >
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Reason</legend>
            {reasons.map((item) => (
              <label key={item.value} className={styles.option}>
                <input
                  type="radio"
                  name="report-reason"
                  value={item.value}
                  checked={reason === item.value}
                  onChange={() => setReason(item.value)}
                />
                {item.label}
              </label>
            ))}
          </fieldset>
          <TextArea
            label="Details (optional)"
            value={details}
            maxLength={1000}
            onChange={(event) => setDetails(event.target.value)}
          />
          <div className={styles.actions}>
            <Button variant="secondary" type="button" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Send report
            </Button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
