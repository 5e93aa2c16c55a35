import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, type Profile } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import {
  messageMutations,
  safetyQueries,
  userKeys,
  userMutations,
  userQueries,
  useToggleFollow,
  useUpdateProfile,
} from '@whisp/api-client/react';
import {
  EditBioDialog,
  EmptyState,
  ErrorState,
  type FollowState,
  followStateOf,
  IconButton,
  memberHandle,
  ProfileHeader,
  ProtectedProfileNotice,
  Skeleton,
  useToast,
} from '@whisp/ui';
import SettingsIcon from 'lucide-react/icons/settings';
import Shield from 'lucide-react/icons/shield';
import UserX from 'lucide-react/icons/user-x';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { useHeadingTakesLostFocus } from '../../app/a11y/useHeadingTakesLostFocus';
import { isStaff } from '../../app/guards';
import { usePostActions } from '../../app/post-actions/PostActionsProvider';
import { useCurrentUser } from '../../app/SessionProvider';
import { useSafetyActions } from '../../app/safety/useSafetyActions';
import { client } from '../../client';
import { PageHeader } from '../../shared/PageHeader';
import { BannerDialog } from './BannerDialog';
import { BlockedProfile } from './BlockedProfile';
import { ProfileMediaControls } from './ProfileMediaControls';
import * as styles from './ProfileRoute.css';
import { ProfileTabs } from './ProfileTabs';

/**
 * /profile (your own) and /user/{acct} (anyone's): `/user/alice` for a member of this server,
 * `/user/alice@remote.example` for a member of another, fetched from their server when new.
 */
export default function ProfileRoute() {
  const me = useCurrentUser();
  const params = useParams();
  const acct = params.username ?? me.username;
  const isOwn = acct.toLowerCase() === me.username.toLowerCase();
  const profile = useQuery(userQueries.byUsername(client, acct));
  const handle = memberHandle({ acct });
  useDocumentTitle(handle);
  const notFound = profile.isError && isApiError(profile.error) && profile.error.status === 404;
  // A member you block answers 404 like anyone gone; your own list of blocks tells them apart.
  const blocks = useQuery({ ...safetyQueries.blocks(client), enabled: notFound && !isOwn });
  const blockedMember = blocks.data?.find(
    (member) => member.acct.toLowerCase() === acct.toLowerCase(),
  );

  const checkingBlocks = notFound && blocks.isPending && blocks.fetchStatus !== 'idle';
  // Just unblocked: the stale 404 stays until the profile is read again.
  const rereading = notFound && profile.isFetching && !blockedMember;
  const loading = profile.isPending || checkingBlocks || rereading;
  const blocked = Boolean(blockedMember || profile.data?.is_blocking);
  useHeadingTakesLostFocus(
    loading ? undefined : blocked ? 'blocked' : profile.isError ? 'error' : 'profile',
  );
  if (loading) {
    return (
      <>
        <PageHeader title={handle} back={!isOwn} />
        <div role="status" aria-busy="true" aria-label="Loading profile">
          <Skeleton height={200} />
          <div style={{ padding: 16, display: 'grid', gap: 12 }}>
            <Skeleton circle width={96} height={96} />
            <Skeleton width="40%" />
            <Skeleton width="70%" />
          </div>
        </div>
      </>
    );
  }
  if (blockedMember) return <BlockedProfile member={blockedMember} />;
  if (profile.data?.is_blocking) return <BlockedProfile member={summaryOf(profile.data)} />;
  if (profile.isError) {
    return (
      <>
        <PageHeader title="Profile" back />
        {notFound ? (
          <EmptyState
            icon={<UserX />}
            title={ERRORS.userNotFound.message}
            description={
              <>
                There is no member called {handle}. <Link to="/explore">Find people to follow</Link>
              </>
            }
          />
        ) : (
          <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />
        )}
      </>
    );
  }
  return <LoadedProfile profile={profile.data} isOwn={isOwn} />;
}

function summaryOf(profile: Profile) {
  return {
    id: profile.id,
    username: profile.username,
    acct: profile.acct,
    url: profile.url,
    display_name: profile.display_name,
    avatar: profile.profile_picture_url,
    is_verified: profile.is_verified,
  };
}

/**
 * A private member's tabs answer 403 PRIVATE_ACCOUNT to anyone they have not accepted, moderators
 * included: the profile says so in their place rather than asking for them.
 */
function isProtectedFromViewer(profile: Profile, isOwn: boolean) {
  return !isOwn && profile.is_private && !profile.is_following;
}

function followToast(before: FollowState, after: { is_requested: boolean }, handle: string) {
  if (before === 'requested') return `Withdrew your request to follow ${handle}`;
  if (before === 'following') return `Unfollowed ${handle}`;
  return after.is_requested ? `Asked to follow ${handle}` : `You follow ${handle}`;
}

function LoadedProfile({ profile, isOwn }: { profile: Profile; isOwn: boolean }) {
  const me = useCurrentUser();
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const follow = useToggleFollow();
  const updateProfile = useUpdateProfile();
  const startConversation = useMutation(messageMutations.start(client, queryClient));
  const setBannerPosition = useMutation(userMutations.setBannerPosition(client, queryClient));
  const [editing, setEditing] = useState(false);
  const [repositioning, setRepositioning] = useState(false);
  const safety = useSafetyActions();
  const { openReport, confirmBlock } = usePostActions();

  return (
    <>
      <PageHeader
        title={profile.display_name}
        subtitle={`${profile.posts_count} ${profile.posts_count === 1 ? 'whisp' : 'whisps'}`}
        back={!isOwn}
        actions={
          // Phones have no side navigation: Settings (and Logout there) is reached from here,
          // and so is Moderation for moderators and admins.
          isOwn ? (
            <>
              {isStaff(me.role) ? (
                <IconButton label="Moderation" onClick={() => navigate('/moderation')}>
                  <Shield />
                </IconButton>
              ) : null}
              <IconButton label="Settings" onClick={() => navigate('/settings')}>
                <SettingsIcon />
              </IconButton>
            </>
          ) : null
        }
      />
      <ProfileHeader
        profile={profile}
        // The sticky page title above is the page's h1.
        headingLevel={2}
        isOwn={isOwn}
        followPending={follow.isPending}
        onFollowToggle={(member) => {
          if (!member.username) {
            toast('Unable to follow user', { variant: 'error' });
            return;
          }
          // Requested presses like Following: it withdraws the request (unfollow does both).
          const before = followStateOf(member);
          const following = before === 'not-following';
          follow.mutate(
            { id: member.id, following },
            {
              onSuccess: (state) => toast(followToast(before, state, memberHandle(member))),
              onError: () => toast('Failed to follow/unfollow user', { variant: 'error' }),
            },
          );
        }}
        onMessage={(member) => {
          // No conversation starts with a member who takes no messages from the viewer (the
          // server refuses it): the chat opens on the notice that says so, and why, at once.
          const openRefused = () => navigate(`/messages?to=${encodeURIComponent(member.username)}`);
          if (member.message_permission !== 'allowed') {
            openRefused();
            return;
          }
          startConversation.mutate(member.id, {
            onSuccess: (conversation) =>
              navigate(`/messages?c=${encodeURIComponent(conversation.id)}`),
            onError: (reason) => {
              if (isApiError(reason) && reason.code === ERRORS.messagesNotAccepted.code) {
                // They changed their setting since the profile was read: read it again for
                // why, so that the chat opens on the reason rather than on a message box.
                void queryClient
                  .invalidateQueries({ queryKey: userKeys.byUsername(member.acct) })
                  .then(openRefused);
                return;
              }
              toast('Failed to start conversation. Please try again.', { variant: 'error' });
            },
          });
        }}
        // From the profile's menu, gone once an item is chosen: Undo takes focus.
        onMuteToggle={(member) =>
          member.is_muting
            ? safety.unmute(member, { focusUndo: true })
            : safety.mute(member, { focusUndo: true })
        }
        onBlock={confirmBlock}
        onReport={(member) => openReport({ type: 'user', id: member.id, acct: member.acct })}
        onEditProfile={() => setEditing(true)}
        onRepositionBanner={() => setRepositioning(true)}
      />
      {isOwn ? <ProfileMediaControls /> : null}
      {isProtectedFromViewer(profile, isOwn) ? (
        <ProtectedProfileNotice
          className={styles.protectedNotice}
          member={profile}
          requested={profile.is_requested}
          headingLevel={3}
        />
      ) : (
        <ProfileTabs profile={profile} isOwn={isOwn} />
      )}
      {isOwn ? (
        <EditBioDialog
          open={editing}
          onOpenChange={(open) => {
            setEditing(open);
            if (!open) updateProfile.reset();
          }}
          bio={profile.bio}
          saving={updateProfile.isPending}
          error={updateProfile.error?.message}
          onSave={(bio) =>
            updateProfile.mutate(
              { bio },
              {
                onSuccess: () => {
                  setEditing(false);
                  toast('Profile updated', { variant: 'success' });
                },
              },
            )
          }
        />
      ) : null}
      {isOwn && repositioning && profile.profile_banner_url ? (
        <BannerDialog
          imageUrl={profile.profile_banner_url}
          position={{ x: profile.banner_position_x, y: profile.banner_position_y }}
          saving={setBannerPosition.isPending}
          error={
            setBannerPosition.error
              ? `Failed to update banner position: ${setBannerPosition.error.message}`
              : undefined
          }
          onCancel={() => {
            setBannerPosition.reset();
            setRepositioning(false);
          }}
          onSave={(position) =>
            setBannerPosition.mutate(
              { position_x: position.x, position_y: position.y },
              {
                onSuccess: () => {
                  setRepositioning(false);
                  toast('Banner position saved');
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}
