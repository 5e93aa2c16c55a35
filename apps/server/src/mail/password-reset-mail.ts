import { PASSWORD_RESET_MAIL_SUBJECT, PASSWORD_RESET_PAGE_PATH } from '@whisp/api-client/contract';

export interface ResetMailRecipient {
  email: string;
  username: string;
  display_name: string;
}

/** Everything put into the HTML is escaped: a display name is the member's own text. */
export function escapeHtml(text: string) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function passwordResetLink(publicUrl: string, token: string) {
  return `${publicUrl}${PASSWORD_RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/** The reset mail: a plain-text part and an HTML part saying the same. */
export function passwordResetMail(recipient: ResetMailRecipient, link: string) {
  const name = recipient.display_name;
  const text = [
    `Hi ${name},`,
    '',
    `Someone asked to reset the password of your Whisp account @${recipient.username}. To choose a new password, open this link:`,
    '',
    link,
    '',
    'The link works once, within one hour. Resetting signs you out everywhere.',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = `<!doctype html>
<html>
  <body style="font-family: system-ui, sans-serif; line-height: 1.4; color: #1f1f24">
    <p>Hi ${escapeHtml(name)},</p>
    <p>Someone asked to reset the password of your Whisp account @${escapeHtml(recipient.username)}.</p>
    <p><a href="${escapeHtml(link)}">Choose a new password</a></p>
    <p>Or copy this address into your browser: ${escapeHtml(link)}</p>
    <p>The link works once, within one hour. Resetting signs you out everywhere.</p>
    <p>If you did not ask for this, ignore this mail: your password stays as it is.</p>
  </body>
</html>
`;
  return { subject: PASSWORD_RESET_MAIL_SUBJECT, text, html };
}
