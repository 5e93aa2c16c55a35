import { memberHost, type ReportDialogValues, ReportDialog as ReportForm } from '@whisp/ui';

/** What a report is about: a whisp (named by its author) or a member. */
export interface ReportTarget {
  type: 'post' | 'user';
  /** The whisp's id, or the member's. */
  id: string;
  /** The member reported, or the whisp's author: `alice`, or `alice@remote.example`. */
  acct: string;
}

/**
 * Report content / Report @name: @whisp/ui's dialog, loaded on first use so the first screen
 * does not carry it (POST /api/posts/{id}/report or /api/users/{id}/report).
 */
export default function ReportDialog({
  target,
  sending,
  error,
  onCancel,
  onSubmit,
}: {
  target: ReportTarget;
  sending: boolean;
  error?: string;
  onCancel: () => void;
  onSubmit: (report: ReportDialogValues) => void;
}) {
  return (
    <ReportForm
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      targetType={target.type}
      username={target.acct}
      // A member of another server: the dialog offers to send the report to their server too.
      remoteHost={memberHost(target)}
      sending={sending}
      error={error}
      onSubmit={onSubmit}
    />
  );
}
