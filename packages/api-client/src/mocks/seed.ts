import { parseHashtags } from '../contract/text.js';
import type { Id, NotificationType } from '../models.js';
import { FIXTURE_EPOCH } from './builders.js';
import { pictureDetails, SEEDED_PHOTO_SIZE } from './media-details.js';
import { seedComposer } from './seed-composer.js';
import { seedConnectedApps, seedOauthApps } from './seed-connected-apps.js';
import { seedModeration } from './seed-moderation.js';
import { seedPrivacy } from './seed-privacy.js';
import { resolveMentions } from './store/mentions.js';
import { emptyData, type MockData, type PostRecord, type UserRecord } from './store/records.js';
import {
  createRandom,
  cycle,
  SAMPLE_MESSAGES,
  SAMPLE_PEOPLE,
  SAMPLE_REPLIES,
  SAMPLE_WHISPS,
} from './text.js';

/** The seeded description of the first photo (the river at sunrise). */
const PHOTO_DESCRIPTION =
  'The river at sunrise: pale gold light on still water, a stone bridge in silhouette.';

/** The signed-in member of every mock data set, and a session that is valid from the start. */
export const MOCK_VIEWER = {
  id: 'user-robin',
  username: 'robin',
  display_name: 'Robin Park',
  email: 'robin@whisp.test',
  password: 'whisp-mock-password',
} as const;
export const MOCK_TOKEN = 'mock-token-robin';
export const MOCK_CREDENTIALS = { email: MOCK_VIEWER.email, password: MOCK_VIEWER.password };

const at = (minutesAgo: number) => new Date(FIXTURE_EPOCH - minutesAgo * 60_000).toISOString();

function viewerRecord(): UserRecord {
  return {
    ...MOCK_VIEWER,
    bio: 'Building Whisp. Small posts, big ideas.',
    avatar: '/media/avatar-robin.svg',
    banner: '/media/banner-robin.svg',
    banner_position_x: 50,
    banner_position_y: 40,
    is_verified: true,
    is_private: false,
    created_at: at(60 * 24 * 400),
  };
}

/** Browsers of the viewer's seeded sessions (the account's sessions list shows their names). */
const SAMPLE_USER_AGENTS = {
  laptop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  phone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
} as const;

/** Only the viewer: every list is empty (empty-state stories). */
export function emptyDataSet(viewer = viewerRecord()): MockData {
  const data = emptyData();
  data.users.push(viewer);
  data.sessions[MOCK_TOKEN] = MOCK_VIEWER.id;
  data.sessionDetails[MOCK_TOKEN] = {
    id: 'session-robin-laptop',
    created_at: at(60 * 24 * 3),
    last_used_at: at(0),
    user_agent: SAMPLE_USER_AGENTS.laptop,
  };
  seedOauthApps(data, { at });
  return data;
}

/**
 * A small believable network around the viewer; the same for the same seed (and clock: open
 * polls and scheduled whisps lie ahead of `now`, the mock server's time).
 */
export function defaultDataSet(seed = 1, now = Date.now()): MockData {
  const random = createRandom(seed);
  const viewer = viewerRecord();
  const data = emptyDataSet(viewer);
  const people: UserRecord[] = SAMPLE_PEOPLE.map((sample, index) => ({
    id: `user-${sample.username}`,
    username: sample.username,
    display_name: sample.display_name,
    email: `${sample.username}@whisp.test`,
    password: MOCK_VIEWER.password,
    bio: sample.bio,
    avatar: index % 3 === 2 ? null : `/media/avatar-${sample.username}.svg`,
    banner: null,
    banner_position_x: 50,
    banner_position_y: 50,
    is_verified: index % 4 === 0,
    is_private: false,
    created_at: at(60 * 24 * (300 - index * 20)),
  }));
  data.users.push(...people);
  const everyone = [viewer, ...people];

  // The viewer follows the first four; the first six follow the viewer back or not.
  for (const person of people.slice(0, 4)) {
    data.follows.push({ follower_id: viewer.id, followed_id: person.id, created_at: at(5000) });
  }
  for (const person of people.slice(2, 8)) {
    data.follows.push({ follower_id: person.id, followed_id: viewer.id, created_at: at(4000) });
  }
  for (const person of people) {
    for (const other of people) {
      if (person !== other && random.chance(0.3)) {
        data.follows.push({ follower_id: person.id, followed_id: other.id, created_at: at(3000) });
      }
    }
  }

  const post = (
    authorId: Id,
    content: string,
    minutesAgo: number,
    extra: Partial<PostRecord> = {},
  ) => {
    const record: PostRecord = {
      id: `post-${data.posts.length + 1}`,
      author_id: authorId,
      content,
      media_urls: [],
      media_alts: [],
      created_at: at(minutesAgo),
      updated_at: at(minutesAgo),
      is_reply: extra.reply_to_id !== undefined && extra.reply_to_id !== null,
      reply_to_id: null,
      rewhisp_of_id: null,
      reply_settings: { can_reply: 'everyone', can_repost: true },
      hashtags: parseHashtags(content),
      mentions: resolveMentions(data.users, content),
      ...extra,
    };
    data.posts.push(record);
    return record;
  };

  const whisps = SAMPLE_WHISPS.map((content, index) => {
    const author = index % 6 === 0 ? viewer : cycle(people, index);
    const photo = content.includes('#photography') || index === 5;
    const photoUrl = `/media/photo-${index + 1}.svg`;
    // Drawn at this size by the media handler, so apps can reserve the space before it loads.
    if (photo) data.mediaDetails[photoUrl] = pictureDetails(photoUrl, SEEDED_PHOTO_SIZE);
    return post(author.id, content, 20 + index * 53, {
      media_urls: photo ? [photoUrl] : [],
      // The first photo is described, so the seeded feed shows both kinds of image.
      media_alts: index === 0 ? [PHOTO_DESCRIPTION] : [],
    });
  });
  const mention = post(
    cycle(people, 1).id,
    `Great chat with @${viewer.username} about design tokens today. #design`,
    15,
  );
  post(cycle(people, 6).id, 'Replies are off for this one, just sharing. #a11y', 300, {
    reply_settings: { can_reply: 'none', can_repost: false },
  });

  for (const whisp of whisps) {
    for (const person of everyone) {
      if (person.id !== whisp.author_id && random.chance(0.35)) {
        data.likes.push({ user_id: person.id, post_id: whisp.id, created_at: whisp.created_at });
      }
    }
  }
  for (const [index, whisp] of whisps.slice(0, 8).entries()) {
    const replier = cycle(people, index + 3);
    if (replier.id !== whisp.author_id) {
      post(replier.id, random.pick(SAMPLE_REPLIES), 10 + index * 40, { reply_to_id: whisp.id });
    }
  }
  // Rewhisps: one by someone the viewer follows (so the Following feed shows one), one by the viewer.
  post(cycle(people, 0).id, '', 12, { rewhisp_of_id: cycle(whisps, 4).id });
  post(viewer.id, '', 200, { rewhisp_of_id: cycle(whisps, 7).id });

  data.bookmarks.push(
    { id: 'bookmark-1', user_id: viewer.id, post_id: cycle(whisps, 2).id, created_at: at(30) },
    { id: 'bookmark-2', user_id: viewer.id, post_id: cycle(whisps, 9).id, created_at: at(90) },
  );

  const mine = whisps.filter((w) => w.author_id === viewer.id);
  const notices: [NotificationType, UserRecord, Id | null, boolean][] = [
    ['like', cycle(people, 0), mine[0]?.id ?? null, false],
    ['follow', cycle(people, 5), null, false],
    ['mention', cycle(people, 1), mention.id, false],
    ['rewhisp', cycle(people, 3), mine[1]?.id ?? null, true],
    ['like', cycle(people, 7), mine[1]?.id ?? null, true],
  ];
  notices.forEach(([type, actor, postId, isRead], index) => {
    data.notifications.push({
      id: `notification-${index + 1}`,
      user_id: viewer.id,
      actor_id: actor.id,
      type,
      post_id: postId,
      is_read: isRead,
      created_at: at(8 + index * 70),
    });
  });

  for (const [index, person] of people.slice(0, 2).entries()) {
    const conversationId = `conversation-${index + 1}`;
    data.conversations.push({
      id: conversationId,
      participant_one_id: viewer.id,
      participant_two_id: person.id,
      created_at: at(600),
    });
    SAMPLE_MESSAGES.slice(0, 3 + index).forEach((content, n) => {
      const fromViewer = n % 2 === 1;
      data.messages.push({
        id: `message-${index + 1}-${n + 1}`,
        conversation_id: conversationId,
        sender_id: fromViewer ? viewer.id : person.id,
        recipient_id: fromViewer ? person.id : viewer.id,
        content,
        created_at: at(500 - index * 200 - n * 10),
        // The last message of the first conversation is still unread.
        is_read: !(index === 0 && n === 2),
      });
    });
  }

  // The viewer is also signed in on a phone and on an older desktop (the sessions list).
  for (const [name, daysAgo, minutesIdle] of [
    ['phone', 20, 90],
    ['desktop', 60, 60 * 24 * 12],
  ] as const) {
    data.sessions[`mock-token-robin-${name}`] = viewer.id;
    data.sessionDetails[`mock-token-robin-${name}`] = {
      id: `session-robin-${name}`,
      created_at: at(60 * 24 * daysAgo),
      last_used_at: at(minutesIdle),
      user_agent: SAMPLE_USER_AGENTS[name],
    };
  }
  seedConnectedApps(data, { viewerId: viewer.id, at });
  seedModeration(data, { password: MOCK_VIEWER.password, viewerId: viewer.id, at });
  seedComposer(data, { viewer, people, at, now });
  // Last, so the sample members' follows, reports and composer whisps stay as they were drawn.
  seedPrivacy(data, { password: MOCK_VIEWER.password, people, at });
  return data;
}
