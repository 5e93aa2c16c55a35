import { parseHashtags } from '../contract/text.js';
import type { MockData, PostRecord, UserRecord } from './store/records.js';

/**
 * The Privacy (1.2) side of the default data set: a private member with a few whisps, an
 * accepted follower who reads them, and a follow request waiting for their answer. The viewer
 * neither follows them nor asked to, so their profile shows the lock and the protected notice;
 * a story signs in as the private member (MOCK_PRIVATE_TOKEN) to show the request.
 */

export const MOCK_PRIVATE_MEMBER = {
  id: 'user-ines',
  username: 'ines_v',
  display_name: 'Inès Vasseur',
  email: 'ines@whisp.test',
} as const;
export const MOCK_PRIVATE_TOKEN = 'mock-token-ines';

/** Ids of the private member's whisps, oldest last, so a story or test can ask for one. */
export const MOCK_PRIVATE_POST_IDS = [
  'post-private-1',
  'post-private-2',
  'post-private-3',
] as const;

const PRIVATE_WHISPS = [
  'First page of the new sketchbook: the view from the kitchen window, in pencil. #sketching',
  'Tried ink wash for the first time. Too much water, lovely accident.',
  'Keeping this account small while I find my style. Thanks for being here.',
] as const;

interface SeedOptions {
  password: string;
  /** The sample members; the follower and the requester are among those the viewer doesn't follow. */
  people: UserRecord[];
  /** Minutes before the fixture epoch, as an ISO time: the seeded past. */
  at: (minutesAgo: number) => string;
}

export function seedPrivacy(data: MockData, { password, people, at }: SeedOptions) {
  const member: UserRecord = {
    ...MOCK_PRIVATE_MEMBER,
    password,
    bio: 'Sketchbook pages and half-finished thoughts. Friends only for now.',
    avatar: `/media/avatar-${MOCK_PRIVATE_MEMBER.username}.svg`,
    banner: null,
    banner_position_x: 50,
    banner_position_y: 50,
    is_verified: false,
    is_private: true,
    // Older than the sample members, and followed by one: low among the viewer's suggestions.
    created_at: at(60 * 24 * 500),
  };
  data.users.push(member);
  data.sessions[MOCK_PRIVATE_TOKEN] = member.id;

  // The viewer follows the first four sample members: these two are none of them.
  const follower = people[5] as UserRecord;
  const requester = people[8] as UserRecord;
  data.follows.push({ follower_id: follower.id, followed_id: member.id, created_at: at(6000) });
  data.followRequests.push({
    requester_id: requester.id,
    target_id: member.id,
    created_at: at(45),
  });

  PRIVATE_WHISPS.forEach((content, index) => {
    const minutesAgo = 100 + index * 900;
    const record: PostRecord = {
      id: MOCK_PRIVATE_POST_IDS[index] ?? `post-private-${index + 1}`,
      author_id: member.id,
      content,
      media_urls: [],
      media_alts: [],
      created_at: at(minutesAgo),
      updated_at: at(minutesAgo),
      is_reply: false,
      reply_to_id: null,
      rewhisp_of_id: null,
      reply_settings: { can_reply: 'everyone', can_repost: true },
      hashtags: parseHashtags(content),
      mentions: [],
    };
    data.posts.push(record);
  });

  data.notifications.push(
    {
      id: 'notification-private-follow',
      user_id: member.id,
      actor_id: follower.id,
      type: 'follow',
      post_id: null,
      is_read: true,
      created_at: at(6000),
    },
    {
      id: 'notification-private-request',
      user_id: member.id,
      actor_id: requester.id,
      type: 'follow_request',
      post_id: null,
      is_read: false,
      created_at: at(45),
    },
  );
}
