import type { Id, Profile, SearchUser } from '@whisp/api-client';
import { useToggleFollow } from '@whisp/api-client/react';
import {
  Avatar,
  FollowButton,
  followLabels,
  followStateOf,
  formatCount,
  MemberHandle,
  memberHref,
  useToast,
  VerifiedBadge,
} from '@whisp/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../app/SessionProvider';
import * as page from '../../shared/page.css';
import * as styles from './SearchRoute.css';

/**
 * A row of the people results: a member the search matched, or one found by their handle (a
 * profile, which also says whether the viewer's follow is still a request).
 */
export type Person = Pick<
  SearchUser,
  'id' | 'acct' | 'display_name' | 'avatar' | 'is_verified' | 'bio' | 'followers_count'
> &
  Pick<Profile, 'is_following'> &
  Partial<Pick<Profile, 'is_requested'>>;

/** A profile found by handle, as a row of people. */
export function personOf(profile: Profile): Person {
  return { ...profile, avatar: profile.profile_picture_url };
}

/**
 * Members matching the search, each with a follow toggle. Following a private member, or one of
 * another server, is a request until it is accepted: the button reads Requested meanwhile.
 */
export function PeopleResults({ people }: { people: readonly Person[] }) {
  const me = useCurrentUser();
  const follow = useToggleFollow();
  const { toast } = useToast();
  // Search results do not say whether a follow is a request: the server's answer to this
  // screen's own presses does, until the results are read again.
  const [requested, setRequested] = useState<ReadonlyMap<Id, boolean>>(new Map());
  return (
    <ul className={page.list} aria-label="People">
      {people.map((person) => {
        const state = followStateOf({
          is_following: person.is_following,
          is_requested: requested.get(person.id) ?? person.is_requested,
        });
        return (
          <li key={person.id} className={styles.person}>
            <Link to={memberHref(person)} className={styles.personLink}>
              <Avatar name={person.display_name} src={person.avatar} decorative />
              <span className={styles.personText}>
                <span className={styles.personName}>
                  {person.display_name} {person.is_verified ? <VerifiedBadge /> : null}
                </span>
                <span className={styles.personMeta}>
                  <MemberHandle acct={person.acct} className={styles.personHandle} />
                  <span className={styles.personFollowers}>
                    · {formatCount(person.followers_count)} followers
                  </span>
                </span>
                {person.bio ? <span className={styles.bio}>{person.bio}</span> : null}
              </span>
            </Link>
            {person.id !== me.id ? (
              <FollowButton
                size="sm"
                state={state}
                username={person.acct}
                pending={follow.isPending && follow.variables?.id === person.id}
                // One list of several buttons: each names its member after the visible label.
                aria-label={`${followLabels[state]} ${person.display_name}`}
                onClick={() =>
                  follow.mutate(
                    // Requested withdraws, as Following unfollows: only Follow asks to follow.
                    { id: person.id, following: state === 'not-following' },
                    {
                      onSuccess: (answer) =>
                        setRequested((known) => new Map(known).set(person.id, answer.is_requested)),
                      onError: () => toast('Failed to follow/unfollow user', { variant: 'error' }),
                    },
                  )
                }
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
