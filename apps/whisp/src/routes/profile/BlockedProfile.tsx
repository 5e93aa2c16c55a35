import type { UserSummary } from '@whisp/api-client';
import { BlockedProfileNotice } from '@whisp/ui';
import { usePendingSafetyIds, useSafetyActions } from '../../app/safety/useSafetyActions';
import { PageHeader } from '../../shared/PageHeader';

/** A profile you blocked: who it is and Unblock, and none of their whisps. */
export function BlockedProfile({ member }: { member: UserSummary }) {
  const safety = useSafetyActions();
  const pending = usePendingSafetyIds('block');
  return (
    <>
      <PageHeader title={member.display_name} back />
      <BlockedProfileNotice
        member={member}
        headingLevel={2}
        unblocking={pending.has(member.id)}
        onUnblock={() => safety.unblock(member)}
      />
    </>
  );
}
