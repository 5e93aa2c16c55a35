import { BlockConfirmDialog } from '@whisp/ui';
import { type SafetyMember, usePendingSafetyIds, useSafetyActions } from './useSafetyActions';

/**
 * Asks before a block from a whisp's menu or a profile. Cancel (or Escape) gives focus back to
 * the menu's trigger (the library's Dialog does); Block closes it once the server agreed and
 * the toast's Undo takes focus.
 */
export default function ConfirmBlockDialog({
  member,
  onClose,
}: {
  member: SafetyMember;
  onClose: () => void;
}) {
  const safety = useSafetyActions();
  const pending = usePendingSafetyIds('block').has(member.id);
  return (
    <BlockConfirmDialog
      open
      username={member.acct}
      pending={pending}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onConfirm={() => safety.block(member, { focusUndo: true, onDone: onClose })}
    />
  );
}
