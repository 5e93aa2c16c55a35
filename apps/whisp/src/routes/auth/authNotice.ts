/**
 * A sentence for the sign-in page to show once, left by a screen that signs the member out
 * (account deleted). Navigation state cannot carry it: signing out makes the guard redirect to
 * /auth before the leaving screen's own navigate runs, and an unmounted screen cannot navigate.
 */
let pendingNotice: string | undefined;

export function leaveAuthNotice(notice: string): void {
  pendingNotice = notice;
}

/** The notice left for the sign-in page, handed out once. */
export function takeAuthNotice(): string | undefined {
  const notice = pendingNotice;
  pendingNotice = undefined;
  return notice;
}
