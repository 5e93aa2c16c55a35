import { type Answer, request, type SignedUpMember } from './client.js';
import type { Stats } from './stats.js';

// Recent whisps members come across; older ones drop out as people scroll on.
const RECENT_POSTS_KEPT = 2_000;
const WORDS = ['coffee', 'rain', 'trains', 'jazz', 'garden', 'code', 'bread', 'chess', 'sea'];
const TAGS = ['morning', 'weekend', 'music', 'food', 'tech', 'books'];

type Member = SignedUpMember;

/** What the simulated network knows, shared by every member. */
interface World {
  members: Member[];
  recentPosts: string[];
  ownPosts: Map<string, string[]>;
  liked: Map<string, Set<string>>;
  rewhisped: Map<string, Set<string>>;
  following: Map<string, Set<string>>;
}

interface Action {
  name: string;
  /** Relative frequency: reading outweighs writing, as on any social network. */
  weight: number;
  run(member: Member): Promise<void>;
}

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const setOf = (map: Map<string, Set<string>>, key: string) => {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
};

function sentence(world: World) {
  const words = Array.from({ length: 3 + Math.floor(Math.random() * 8) }, () => pick(WORDS));
  if (Math.random() < 0.5) words.push(`#${pick(TAGS)}`);
  if (Math.random() < 0.15) words.push(`@${pick(world.members)?.username}`);
  return words.join(' ');
}

/**
 * The realistic mix: feeds, whisps and their replies, profiles, notifications and messages read
 * far more often than anything is written; posting, replying, liking and unliking, rewhisping,
 * following, bookmarking, messaging, deleting one's own whisps and signing in again.
 */
export function createMix(baseUrl: string, members: Member[], stats: Stats) {
  const world: World = {
    members,
    recentPosts: [],
    ownPosts: new Map(),
    liked: new Map(),
    rewhisped: new Map(),
    following: new Map(),
  };

  function remember(ids: string[]) {
    world.recentPosts.push(...ids);
    if (world.recentPosts.length > RECENT_POSTS_KEPT) {
      world.recentPosts.splice(0, world.recentPosts.length - RECENT_POSTS_KEPT);
    }
  }

  /** One request as `member`, recorded under `action`; undefined when no answer came. */
  async function call(
    member: Member,
    action: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer | undefined> {
    const label = `${method} ${path}`;
    try {
      const answer = await request(baseUrl, method, path, {
        token: member.token,
        address: member.address,
        body,
      });
      stats.answered(action, label, answer);
      return answer;
    } catch (error) {
      stats.unanswered(action, label, error);
      return undefined;
    }
  }

  const postsIn = (answer: Answer | undefined) =>
    ((answer?.body as { posts?: { id: string }[] } | undefined)?.posts ?? []).map(
      (post) => post.id,
    );
  const dataOf = <T>(answer: Answer | undefined) =>
    answer && answer.status < 300 ? (answer.body as { data: T }).data : undefined;

  async function readFeed(member: Member, name: string, path: string) {
    remember(postsIn(await call(member, name, 'GET', path)).slice(0, 10));
  }

  async function toggle(
    member: Member,
    name: string,
    states: Map<string, Set<string>>,
    target: string | undefined,
    paths: [on: string, off: string],
  ) {
    if (!target) return;
    const set = setOf(states, member.id);
    const on = !set.has(target);
    const answer = await call(member, name, 'POST', on ? paths[0] : paths[1]);
    if (answer && answer.status < 300) {
      if (on) set.add(target);
      else set.delete(target);
    }
  }

  const actions: Action[] = [
    { name: 'timeline', weight: 14, run: (m) => readFeed(m, 'timeline', '/api/posts/timeline') },
    { name: 'following', weight: 8, run: (m) => readFeed(m, 'following', '/api/posts/following') },
    {
      name: 'public feed',
      weight: 5,
      run: (m) => readFeed(m, 'public feed', '/api/posts/public?limit=50'),
    },
    {
      name: 'open whisp',
      weight: 8,
      async run(member) {
        const id = pick(world.recentPosts);
        if (!id) return;
        await call(member, 'open whisp', 'GET', `/api/posts/${id}`);
        remember(postsIn(await call(member, 'replies', 'GET', `/api/posts/${id}/replies`)));
      },
    },
    {
      name: 'profile',
      weight: 6,
      async run(member) {
        const other = pick(world.members);
        if (!other) return;
        await call(member, 'profile', 'GET', `/api/users/profile/${other.username}`);
        const tab = pick(['posts', 'media', 'rewhisps', 'posts']);
        await call(member, 'profile tab', 'GET', `/api/users/${other.id}/posts?tab=${tab}`);
      },
    },
    {
      name: 'notifications',
      weight: 7,
      async run(member) {
        await call(member, 'notifications', 'GET', '/api/notifications?limit=20');
        if (Math.random() < 0.3) {
          await call(member, 'read notifications', 'PATCH', '/api/notifications/read-all');
        }
      },
    },
    {
      name: 'unread messages',
      weight: 4,
      run: (m) => call(m, 'unread messages', 'GET', '/api/messages/unread-count').then(() => {}),
    },
    {
      name: 'conversations',
      weight: 4,
      async run(member) {
        const list = dataOf<{ id: string }[]>(
          await call(member, 'conversations', 'GET', '/api/messages/conversations'),
        );
        const conversation = pick(list ?? []);
        if (!conversation) return;
        const messages = dataOf<{ id: string; recipient_id: string; is_read: boolean }[]>(
          await call(
            member,
            'conversation',
            'GET',
            `/api/messages/conversations/${conversation.id}/messages`,
          ),
        );
        const unread = (messages ?? [])
          .filter((message) => message.recipient_id === member.id && !message.is_read)
          .map((message) => message.id);
        if (unread.length > 0) {
          await call(member, 'read messages', 'PATCH', '/api/messages/read', {
            message_ids: unread,
          });
        }
      },
    },
    {
      name: 'send message',
      weight: 4,
      async run(member) {
        const other = pick(world.members.filter((candidate) => candidate !== member));
        if (!other) return;
        await call(member, 'send message', 'POST', '/api/messages', {
          recipient_id: other.id,
          content: sentence(world),
        });
      },
    },
    {
      name: 'post',
      weight: 7,
      async run(member) {
        const created = dataOf<{ id: string }>(
          await call(member, 'post', 'POST', '/api/posts', { content: sentence(world) }),
        );
        if (!created) return;
        remember([created.id]);
        world.ownPosts.set(member.id, [...(world.ownPosts.get(member.id) ?? []), created.id]);
      },
    },
    {
      name: 'reply',
      weight: 5,
      async run(member) {
        const parent = pick(world.recentPosts);
        if (!parent) return;
        const created = dataOf<{ id: string }>(
          await call(member, 'reply', 'POST', `/api/posts/${parent}/reply`, {
            content: sentence(world),
          }),
        );
        if (created) remember([created.id]);
      },
    },
    {
      name: 'like',
      weight: 10,
      run: (member) => {
        const id = pick(world.recentPosts);
        return toggle(member, 'like', world.liked, id, [
          `/api/posts/${id}/like`,
          `/api/posts/${id}/unlike`,
        ]);
      },
    },
    {
      name: 'rewhisp',
      weight: 3,
      run: (member) => {
        const id = pick(world.recentPosts);
        return toggle(member, 'rewhisp', world.rewhisped, id, [
          `/api/posts/${id}/rewhisp`,
          `/api/posts/${id}/unrewhisp`,
        ]);
      },
    },
    {
      name: 'follow',
      weight: 4,
      run: (member) => {
        const other = pick(world.members.filter((candidate) => candidate !== member));
        return toggle(member, 'follow', world.following, other?.id, [
          `/api/users/${other?.id}/follow`,
          `/api/users/${other?.id}/unfollow`,
        ]);
      },
    },
    {
      name: 'bookmark',
      weight: 2,
      async run(member) {
        const id = pick(world.recentPosts);
        if (!id) return;
        await call(member, 'bookmark', 'POST', `/api/posts/${id}/bookmark`);
        await call(member, 'bookmarks', 'GET', '/api/bookmarks');
      },
    },
    {
      name: 'search',
      weight: 3,
      async run(member) {
        if (Math.random() < 0.5) {
          await call(member, 'search', 'GET', `/api/search?q=${pick(WORDS)}`);
        } else {
          await call(member, 'hashtag', 'GET', `/api/search/hashtag/${pick(TAGS)}`);
        }
      },
    },
    {
      name: 'trends',
      weight: 2,
      run: (m) => call(m, 'trends', 'GET', '/api/trends').then(() => {}),
    },
    {
      name: 'suggested',
      weight: 1,
      run: (m) => call(m, 'suggested', 'GET', '/api/users/suggested').then(() => {}),
    },
    {
      name: 'delete own whisp',
      weight: 1,
      async run(member) {
        const own = world.ownPosts.get(member.id) ?? [];
        const id = own.shift();
        if (id) await call(member, 'delete own whisp', 'DELETE', `/api/posts/${id}`);
      },
    },
    {
      // A new device: a slow password check on the server, and one more session.
      name: 'sign in',
      weight: 0.3,
      async run(member) {
        const answer = await call(member, 'sign in', 'POST', '/api/auth/login', {
          email: member.email,
          password: member.password,
        });
        const token = dataOf<{ token: string }>(answer)?.token;
        if (token) member.token = token;
      },
    },
  ];

  const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);
  function chooseAction() {
    let roll = Math.random() * totalWeight;
    for (const action of actions) {
      roll -= action.weight;
      if (roll < 0) return action;
    }
    return actions[0] as Action;
  }

  return {
    /** One member's next step. */
    act: (member: Member) => chooseAction().run(member),
  };
}
