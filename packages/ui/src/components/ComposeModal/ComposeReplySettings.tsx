import type { ReplyAudience, ReplySettings } from '@whisp/api-client';
import { visuallyHidden } from '../VisuallyHidden/VisuallyHidden.css.js';
import * as styles from './ComposeModal.css.js';

export const replyAudienceLabels: Record<ReplyAudience, string> = {
  everyone: 'Everyone',
  // The server lets the author's followers reply, so the label says whose.
  followers: 'Your followers',
  none: 'Only you',
};

export interface ComposeReplySettingsProps {
  value: ReplySettings;
  onValueChange: (value: ReplySettings) => void;
}

/** Who can reply to the whisp, and whether it may be rewhisped. */
export function ComposeReplySettings({ value, onValueChange }: ComposeReplySettingsProps) {
  return (
    <fieldset className={styles.settings}>
      {/* Named for screen readers; on screen the two labelled controls speak for themselves. */}
      <legend className={visuallyHidden}>Reply settings</legend>
      <label className={styles.settingLabel}>
        Who can reply
        <select
          className={styles.select}
          value={value.can_reply}
          onChange={(event) =>
            onValueChange({ ...value, can_reply: event.target.value as ReplyAudience })
          }
        >
          {Object.entries(replyAudienceLabels).map(([audience, label]) => (
            <option key={audience} value={audience}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.settingLabel}>
        <input
          type="checkbox"
          className={styles.checkbox}
          checked={value.can_repost}
          onChange={(event) => onValueChange({ ...value, can_repost: event.target.checked })}
        />
        Allow rewhisps
      </label>
    </fieldset>
  );
}
