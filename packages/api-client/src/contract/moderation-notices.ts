import type { ReportReason } from './choices.js';

/**
 * The words of moderation: how a report's reason reads in a sentence, and the notice a member
 * gets when moderation removes their whisp or suspends them. zod-free, so the UI can show the
 * same labels and the mocks write the same notices as the server.
 */

/** Who a moderation notice is from, as the member sees it: never the individual moderator. */
export const MODERATION_SENDER_NAME = 'Whisp moderation';

/** Each reason as a label in a list (the report dialog, the moderation queue). */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  hate: 'Hateful conduct',
  violence: 'Violence or threats',
  sexual: 'Sexual content',
  self_harm: 'Self-harm',
  misinformation: 'False or misleading information',
  other: 'Something else',
};

/** Each reason inside a sentence: "… removed for harassment or bullying." */
const REASON_IN_A_SENTENCE: Readonly<Record<ReportReason, string>> = {
  spam: 'spam',
  harassment: 'harassment or bullying',
  hate: 'hateful conduct',
  violence: 'violence or threats',
  sexual: 'sexual content',
  self_harm: 'content about self-harm',
  misinformation: 'false or misleading information',
  other: 'breaking the rules of Whisp',
};

/** What moderation did that the member is told about (dismissing a report tells nobody). */
export type ModerationNoticeAction = 'remove_post' | 'suspend_user';

/**
 * The message of a `moderation` notification: what was done, why (the report's reason) and the
 * moderator's note when they wrote one.
 */
export function moderationNotice(
  action: ModerationNoticeAction,
  reason: ReportReason,
  note?: string | null,
): string {
  const done =
    action === 'remove_post'
      ? 'Your whisp was removed by Whisp moderation'
      : 'Your account was suspended by Whisp moderation';
  const because = `${done} for ${REASON_IN_A_SENTENCE[reason]}.`;
  const trimmed = note?.trim();
  return trimmed ? `${because} Note from the moderators: ${trimmed}` : because;
}
