import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchKeys, searchQueries, userQueries } from '@whisp/api-client/react';
import type { MentionSuggestionsData } from '@whisp/ui';
import { useEffect, useRef, useState } from 'react';
import { client } from '../../client';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import {
  lookedUpCandidate,
  mentionCandidates,
  mentionSearchFailed,
  mentionSearchText,
  remoteHandleToLookUp,
} from './mentionSearch';

/** How long typing pauses before the members are asked for: one request per pause, not per key. */
export const MENTION_SEARCH_DELAY_MS = 150;

/**
 * Mention suggestions for the composer and the reply dialog: the members the server's search
 * finds for what follows `@` (its members and the members of other servers it knows), and, for a
 * whole handle of another server it does not know yet, that member looked up (the server fetches
 * them). The last answer stays while the next is on its way, so the list does not flicker between
 * keys. A failed search is reported as such (`error`), not as "no member matches".
 */
export function useMentionSuggestions(): {
  suggestions: MentionSuggestionsData;
  onQueryChange: (query: string | null) => void;
} {
  const [typed, setTyped] = useState<string | null>(null);
  const query = useDebouncedValue(typed, MENTION_SEARCH_DELAY_MS);
  const search = useQuery({
    ...searchQueries.members(client, query ? mentionSearchText(query) : ''),
    placeholderData: keepPreviousData,
  });
  const found = search.data ?? [];
  // The search's own answer for this query, not the last one kept on screen.
  const answered = query !== null && search.isSuccess && !search.isPlaceholderData;
  const failed = query !== null && search.isError;
  // The list says "keep typing to try again": a failed search is asked again at the next pause,
  // even when the letters added went to a server's name (`ann@sou`), which the search is not
  // given, so its key (and its cached failure) stays the same.
  const latestSearch = useRef(search);
  latestSearch.current = search;
  useEffect(() => {
    if (query !== null && latestSearch.current.isError) {
      void latestSearch.current.refetch({ cancelRefetch: false });
    }
  }, [query]);

  const handle = query ? remoteHandleToLookUp(query) : undefined;
  const alreadyFound = found.some((member) => member.acct.toLowerCase() === handle?.toLowerCase());
  const lookUp = handle !== undefined && answered && !alreadyFound;
  const lookup = useQuery({ ...userQueries.lookup(client, handle ?? ''), enabled: lookUp });
  const lookedUp = lookUp && lookup.data ? lookedUpCandidate(lookup.data) : undefined;
  const members = query ? mentionCandidates(query, found, lookedUp) : [];
  // A member the lookup brought from their server is one this server's search now finds: the
  // answers kept without them (for their username, say) are out of date.
  const queryClient = useQueryClient();
  const newlyKnown = lookedUp?.id;
  useEffect(() => {
    if (newlyKnown) void queryClient.invalidateQueries({ queryKey: searchKeys.all });
  }, [newlyKnown, queryClient]);

  return {
    suggestions: {
      query: answered || failed ? query : null,
      members,
      loading: search.isFetching || (lookUp && lookup.isFetching),
      error: mentionSearchFailed({
        searchError: failed ? search.error : null,
        lookupError: lookUp && lookup.isError ? lookup.error : null,
        offered: members.length,
      }),
    },
    onQueryChange: setTyped,
  };
}
