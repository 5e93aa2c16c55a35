import type { SearchUser } from '@whisp/api-client';
import { useToggleFollow } from '@whisp/api-client/react';
import { Avatar, Button, formatCount, useToast, VerifiedBadge } from '@whisp/ui';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../app/SessionProvider';
import * as page from '../../shared/page.css';
import * as styles from './SearchRoute.css';

/** Members matching the search, each with a follow toggle. */
export function PeopleResults({ users }: { users: SearchUser[] }) {
  const me = useCurrentUser();
  const follow = useToggleFollow();
  const { toast } = useToast();
  return (
    <ul className={page.list} aria-label="People">
      {users.map((user) => (
        <li key={user.id} className={styles.person}>
          <Link to={`/user/${user.username}`} className={styles.personLink}>
            <Avatar name={user.display_name} src={user.avatar} decorative />
            <span className={styles.personText}>
              <span className={styles.personName}>
                {user.display_name} {user.is_verified ? <VerifiedBadge /> : null}
              </span>
              <span className={page.muted}>
                @{user.username} · {formatCount(user.followers_count)} followers
              </span>
              {user.bio ? <span className={styles.bio}>{user.bio}</span> : null}
            </span>
          </Link>
          {user.id !== me.id ? (
            <Button
              size="sm"
              variant={user.is_following ? 'secondary' : 'primary'}
              loading={follow.isPending && follow.variables?.id === user.id}
              onClick={() =>
                follow.mutate(
                  { id: user.id, following: !user.is_following },
                  { onError: () => toast('Failed to follow/unfollow user', { variant: 'error' }) },
                )
              }
            >
              {user.is_following ? 'Following' : 'Follow'}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
