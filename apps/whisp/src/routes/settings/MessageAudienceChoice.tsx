import { MESSAGE_AUDIENCES, type MessageAudience } from '@whisp/api-client/contract/choices';
import { useUpdatePreferences } from '@whisp/api-client/react';
import { useToast } from '@whisp/ui';
import { useId } from 'react';
import * as styles from './MessageAudienceChoice.css';
import { MESSAGE_AUDIENCE_LABELS, SAVE_FAILED } from './preferenceLabels';

/**
 * Who may send the member a direct message. @whisp/ui has no radio group yet, so this is a
 * native one (a fieldset, arrow keys move between the choices) dressed like the section's rows.
 */
export function MessageAudienceChoice({ value }: { value: MessageAudience }) {
  const { toast } = useToast();
  const update = useUpdatePreferences();
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className={styles.group} aria-describedby={hintId}>
      <legend className={styles.legend}>Who can message you</legend>
      <p id={hintId} className={styles.hint}>
        Anyone else sees that you don’t accept their messages before they write anything.
      </p>
      <div className={styles.options}>
        {MESSAGE_AUDIENCES.map((audience) => (
          <label key={audience} className={styles.option}>
            <input
              className={styles.radio}
              type="radio"
              name={name}
              value={audience}
              checked={value === audience}
              onChange={() =>
                update.mutate(
                  { messages_from: audience },
                  {
                    onSuccess: () =>
                      toast(`Messages from ${MESSAGE_AUDIENCE_LABELS[audience].toLowerCase()}`),
                    onError: () => toast(SAVE_FAILED, { variant: 'error' }),
                  },
                )
              }
            />
            {MESSAGE_AUDIENCE_LABELS[audience]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
