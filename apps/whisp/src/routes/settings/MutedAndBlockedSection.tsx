import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutedWord } from '@whisp/api-client';
import { safetyMutations, safetyQueries, useWhispClient } from '@whisp/api-client/react';
import { MemberList, MutedWordList, SettingsSection, useToast } from '@whisp/ui';
import { useState } from 'react';
import { useFocusNextItem } from '../../app/a11y/useFocusNextItem';
import { RouterLink } from '../../app/RouterLink';
import { usePendingSafetyIds, useSafetyActions } from '../../app/safety/useSafetyActions';
import * as own from './MutedAndBlockedSection.css';
import * as styles from './SettingsRoute.css';

type Status = 'loading' | 'error' | 'success';
const statusOf = (query: { isPending: boolean; isError: boolean }): Status =>
  query.isPending ? 'loading' : query.isError ? 'error' : 'success';

/** Muted and blocked: the members you block or mute, each with its undo, and your muted words. */
export function MutedAndBlockedSection() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const safety = useSafetyActions();
  const blocks = useQuery(safetyQueries.blocks(client));
  const mutes = useQuery(safetyQueries.mutes(client));
  const words = useQuery(safetyQueries.mutedWords(client));
  const addWord = useMutation(safetyMutations.addMutedWord(client, queryClient));
  const removeWord = useMutation(safetyMutations.removeMutedWord(client, queryClient));
  const pendingBlocks = usePendingSafetyIds('block');
  const pendingMutes = usePendingSafetyIds('mute');
  const [removingIds, setRemovingIds] = useState<ReadonlySet<string>>(new Set());
  // An unblocked or unmuted member leaves their list: focus goes to the next row's button, or to
  // the list's heading once it is empty.
  const blocksFocus = useFocusNextItem<HTMLDivElement>({
    items: blocks.data,
    itemSelector: 'li',
    focusTarget: (row) => row.querySelector('button'),
    fallback: (container) => container.querySelector('h3'),
  });
  const mutesFocus = useFocusNextItem<HTMLDivElement>({
    items: mutes.data,
    itemSelector: 'li',
    focusTarget: (row) => row.querySelector('button'),
    fallback: (container) => container.querySelector('h3'),
  });

  const remove = (word: MutedWord) => {
    setRemovingIds((ids) => new Set(ids).add(word.id));
    removeWord.mutate(word.id, {
      onSuccess: () =>
        toast(`Unmuted “${word.word}”`, {
          action: {
            label: 'Undo',
            altText: `Mute “${word.word}” again with the field above the list`,
            onAction: () => addWord.mutate(word.word),
          },
        }),
      onError: (failure) => toast(failure.message, { variant: 'error' }),
      onSettled: () =>
        setRemovingIds((ids) => {
          const next = new Set(ids);
          next.delete(word.id);
          return next;
        }),
    });
  };

  return (
    <SettingsSection
      title="Muted and blocked"
      description="Nobody is told that you blocked or muted them."
    >
      <div ref={blocksFocus} className={styles.sectionBody}>
        <h3 className={own.subheading}>Blocked members</h3>
        <p className={own.subhint}>
          You do not see each other’s whisps, and they cannot follow you, reply or message you.
        </p>
        <MemberList
          label="Blocked members"
          members={blocks.data ?? []}
          status={statusOf(blocks)}
          errorMessage={blocks.error?.message}
          onRetry={() => void blocks.refetch()}
          emptyMessage="You have not blocked anyone."
          actionLabel="Unblock"
          onAction={(member) => safety.unblock(member)}
          pendingIds={pendingBlocks}
          linkComponent={RouterLink}
        />
      </div>
      <div ref={mutesFocus} className={styles.sectionBody}>
        <h3 className={own.subheading}>Muted members</h3>
        <p className={own.subhint}>
          Their whisps leave your feeds, search and notifications; their profile still shows them.
        </p>
        <MemberList
          label="Muted members"
          members={mutes.data ?? []}
          status={statusOf(mutes)}
          errorMessage={mutes.error?.message}
          onRetry={() => void mutes.refetch()}
          emptyMessage="You have not muted anyone."
          actionLabel="Unmute"
          onAction={(member) => safety.unmute(member)}
          pendingIds={pendingMutes}
          linkComponent={RouterLink}
        />
      </div>
      <div className={styles.sectionBody}>
        <h3 className={own.subheading}>Muted words</h3>
        <MutedWordList
          words={words.data ?? []}
          status={statusOf(words)}
          errorMessage={words.error?.message}
          onRetry={() => void words.refetch()}
          onAdd={(word) =>
            addWord.mutateAsync(word).then((added) =>
              toast(`Muted “${added.word}”`, {
                action: {
                  label: 'Undo',
                  altText: `Remove “${added.word}” from your muted words below`,
                  onAction: () => removeWord.mutate(added.id),
                },
              }),
            )
          }
          onRemove={remove}
          removingIds={removingIds}
        />
      </div>
    </SettingsSection>
  );
}
