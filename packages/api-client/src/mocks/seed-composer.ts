import { POLL_ENDED_MESSAGES } from '../contract/choices.js';
import { parseHashtags } from '../contract/text.js';
import type { Id, PollRequest } from '../models.js';
import { pictureDetails, SEEDED_PHOTO_SIZE } from './media-details.js';
import { resolveMentions } from './store/mentions.js';
import type { MockData, PostRecord, UserRecord } from './store/records.js';

/**
 * The Composer (1.2) side of the default data set: polls in each state, a whisp behind a content
 * warning, an edited whisp with its history, a thread four replies deep and two whisps the
 * viewer scheduled. Their ids are fixed (MOCK_COMPOSER_IDS), so a story or an e2e test can open
 * one by id.
 */

export const MOCK_COMPOSER_IDS = {
  /** Open, the viewer has not voted: the choices show. */
  openPoll: 'post-poll-open',
  /** Open, the viewer voted: bars with their choice marked. */
  votedPoll: 'post-poll-voted',
  /** Ended (the viewer voted and was told): final results. */
  endedPoll: 'post-poll-ended',
  /** Open, several choices allowed, not voted. */
  multiplePoll: 'post-poll-multiple',
  /** Text and a picture folded behind a warning. */
  warning: 'post-warning',
  /** The viewer's whisp edited twice (three versions). */
  edited: 'post-edited',
  /** A thread: the root, then a reply to a reply to a reply to a reply, and a second reply. */
  threadRoot: 'post-thread-root',
  threadReplies: [
    'post-thread-1',
    'post-thread-2',
    'post-thread-3',
    'post-thread-4',
    'post-thread-sibling',
  ],
  scheduled: ['scheduled-morning', 'scheduled-poll'],
} as const;

const HOUR_MS = 60 * 60 * 1000;

interface SeedOptions {
  viewer: UserRecord;
  people: UserRecord[];
  /** Minutes before the fixture epoch, as an ISO time: the seeded past. */
  at: (minutesAgo: number) => string;
  /** The mock server's clock when the data set is made: open polls and schedules lie ahead. */
  now: number;
}

export function seedComposer(data: MockData, { viewer, people, at, now }: SeedOptions) {
  const ahead = (hours: number) => new Date(now + hours * HOUR_MS).toISOString();
  const person = (index: number) => people[index % people.length] as UserRecord;
  const post = (
    id: Id,
    author: UserRecord,
    content: string,
    minutesAgo: number,
    extra: Partial<PostRecord> = {},
  ) => {
    const record: PostRecord = {
      id,
      author_id: author.id,
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
      mentions: resolveMentions(data.users, content),
      content_warning: null,
      edited_at: null,
      thread_path: [],
      ...extra,
    };
    data.posts.push(record);
    return record;
  };
  /** A poll with its votes: `votes` maps a voter to the options they chose. */
  const poll = (
    whisp: PostRecord,
    request: Omit<PollRequest, 'expires_in'> & { expires_at: string },
    votes: [UserRecord, number[]][],
    endedNotifiedAt: string | null = null,
  ) => {
    const id = `poll-${whisp.id.slice('post-'.length)}`;
    data.polls.push({
      id,
      post_id: whisp.id,
      options: request.options,
      multiple: request.multiple,
      expires_at: request.expires_at,
      created_at: whisp.created_at,
      ended_notified_at: endedNotifiedAt,
    });
    for (const [voter, choices] of votes) {
      for (const choice of choices) {
        data.pollVotes.push({
          poll_id: id,
          voter_id: voter.id,
          choice,
          created_at: whisp.created_at,
        });
      }
    }
  };

  const meetup = post(
    MOCK_COMPOSER_IDS.openPoll,
    person(1),
    'Planning the next community meetup. What should we do? #community',
    6,
  );
  poll(
    meetup,
    {
      options: ['Picnic in the park', 'Board game night', 'Sunrise hike'],
      multiple: false,
      expires_at: ahead(46),
    },
    [
      [person(2), [0]],
      [person(3), [1]],
      [person(4), [1]],
      [person(5), [2]],
    ],
  );

  const indent = post(
    MOCK_COMPOSER_IDS.votedPoll,
    person(0),
    'Settling it once and for all: how do you indent? #programming',
    33,
  );
  poll(indent, { options: ['Tabs', 'Spaces'], multiple: false, expires_at: ahead(20) }, [
    [viewer, [1]],
    [person(2), [0]],
    [person(3), [1]],
    [person(6), [1]],
  ]);

  const light = post(
    MOCK_COMPOSER_IDS.endedPoll,
    person(2),
    'Best light for street photos? #photography',
    60 * 30,
  );
  const ended = at(60 * 6);
  poll(
    light,
    {
      options: ['Golden hour', 'Blue hour', 'Overcast midday'],
      multiple: false,
      expires_at: ended,
    },
    [
      [viewer, [0]],
      [person(0), [0]],
      [person(1), [1]],
      [person(4), [0]],
      [person(5), [2]],
    ],
    ended,
  );
  data.notifications.push({
    id: 'notification-poll-ended',
    user_id: viewer.id,
    actor_id: light.author_id,
    type: 'poll',
    post_id: light.id,
    is_read: false,
    created_at: ended,
    message: POLL_ENDED_MESSAGES.voter,
  });

  const features = post(
    MOCK_COMPOSER_IDS.multiplePoll,
    person(3),
    'Which of the new composer tools will you use? Pick as many as you like.',
    48,
  );
  poll(
    features,
    {
      options: ['Polls', 'Content warnings', 'Scheduled whisps', 'Emoji picker'],
      multiple: true,
      expires_at: ahead(24 * 5),
    },
    [
      [person(0), [0, 2]],
      [person(1), [1]],
      [person(5), [0, 1, 3]],
    ],
  );

  const photoUrl = '/media/photo-finale.svg';
  data.mediaDetails[photoUrl] = pictureDetails(photoUrl, SEEDED_PHOTO_SIZE);
  post(
    MOCK_COMPOSER_IDS.warning,
    person(4),
    'That last scene. I did not see it coming, and I have watched it three times since.',
    12,
    {
      content_warning: 'Spoilers for the season finale',
      media_urls: [photoUrl],
      media_alts: ['A dark stage lit by one red spotlight.'],
    },
  );

  const firstDraft = 'Shipping the new composer tomorrow!';
  const secondDraft = 'Shipping the new composer on Friday!';
  post(
    MOCK_COMPOSER_IDS.edited,
    viewer,
    'Shipping the new composer on Friday, with polls and content warnings. #design',
    90,
    { edited_at: at(70), updated_at: at(70) },
  );
  data.postVersions.push(
    {
      post_id: MOCK_COMPOSER_IDS.edited,
      content: firstDraft,
      content_warning: null,
      created_at: at(90),
    },
    {
      post_id: MOCK_COMPOSER_IDS.edited,
      content: secondDraft,
      content_warning: null,
      created_at: at(80),
    },
  );

  const root = post(
    MOCK_COMPOSER_IDS.threadRoot,
    person(5),
    'What got you into design? I will start: a library book about posters.',
    240,
  );
  const [first, second, third, fourth, sibling] = MOCK_COMPOSER_IDS.threadReplies;
  const lines: [Id, UserRecord, string, number][] = [
    [first, person(0), 'A friend showed me how fonts are drawn. I was hooked.', 230],
    [second, viewer, 'Same! Which typeface was it?', 220],
    [third, person(0), 'Garamond, on an old letterpress.', 210],
    [fourth, person(1), 'There is a letterpress museum near me, we should all go.', 200],
  ];
  let parent = root;
  for (const [id, author, content, minutesAgo] of lines) {
    parent = post(id, author, content, minutesAgo, {
      is_reply: true,
      reply_to_id: parent.id,
      thread_path: [...(parent.thread_path ?? []), parent.id],
    });
  }
  post(sibling, person(2), 'Skateboard graphics, no contest.', 225, {
    is_reply: true,
    reply_to_id: root.id,
    thread_path: [root.id],
  });

  const [morning, planned] = MOCK_COMPOSER_IDS.scheduled;
  data.scheduledPosts.push(
    {
      id: morning,
      author_id: viewer.id,
      scheduled_at: ahead(18),
      content: 'Good morning! The meetup poll closes tomorrow: vote if you have not yet.',
      content_warning: null,
      media_urls: [],
      media_alts: [],
      poll: null,
      reply_settings: { can_reply: 'everyone', can_repost: true },
      created_at: at(30),
    },
    {
      id: planned,
      author_id: viewer.id,
      scheduled_at: ahead(24 * 3),
      content: 'Friday release: what should we build next?',
      content_warning: null,
      media_urls: [],
      media_alts: [],
      poll: {
        options: ['Lists', 'Drafts sync', 'Longer videos'],
        expires_in: 86_400,
        multiple: false,
      },
      reply_settings: { can_reply: 'followers', can_repost: true },
      created_at: at(25),
    },
  );
}
