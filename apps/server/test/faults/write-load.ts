import { type Answer, request, type SignedUpMember } from '../../load/client.js';

/**
 * What the server acknowledged (2xx), write by write. Each member writes one request at a time, so
 * when the server dies each has at most one write in flight: its outcome is unknown and its key
 * is left out of the checks; every earlier acknowledged write must be there.
 */
export interface Ledger {
  /** Whisps and replies created: id → what was written. */
  posts: Map<string, { authorId: string; content: string; replyToId: string | null }>;
  messages: Map<string, { senderId: string; recipientId: string; content: string }>;
  /** `member:post` → liked after the last acknowledged like or unlike. */
  likes: Map<string, boolean>;
  /** `member:post` → rewhisped after the last acknowledged rewhisp or unrewhisp. */
  rewhisps: Map<string, boolean>;
  /** `follower:followed` → following after the last acknowledged follow or unfollow. */
  follows: Map<string, boolean>;
  /** Keys (`like:…`, `rewhisp:…`, `follow:…`) whose last write got no answer. */
  unanswered: Set<string>;
  acknowledged: number;
  /** Writes sent and not yet answered, right now. */
  inFlight: number;
  /** Answers other than 2xx: none are expected from this load before the kill. */
  refused: string[];
}

export function newLedger(): Ledger {
  return {
    posts: new Map(),
    messages: new Map(),
    likes: new Map(),
    rewhisps: new Map(),
    follows: new Map(),
    unanswered: new Set(),
    acknowledged: 0,
    inFlight: 0,
    refused: [],
  };
}

type Write = () => Promise<void>;

export interface WriteLoad {
  ledger: Ledger;
  /** Stops the members after their current write (or its failure) and waits for them. */
  stop(): Promise<void>;
}

/**
 * Every member posts, replies, likes and unlikes, rewhisps and unrewhisps, follows and unfollows
 * and sends messages, as fast as the server answers, until stopped or until the server is gone.
 */
export function startWriteLoad(baseUrl: string, members: SignedUpMember[]): WriteLoad {
  const ledger = newLedger();
  let stopping = false;
  let serial = 0;

  const random = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;
  const postIds = () => [...ledger.posts.keys()];

  async function send(member: SignedUpMember, path: string, body?: unknown) {
    ledger.inFlight += 1;
    const answer: Answer = await request(baseUrl, 'POST', path, {
      token: member.token,
      body: body ?? {},
      timeoutMs: 60_000,
    });
    ledger.inFlight -= 1;
    if (answer.status >= 300) {
      ledger.refused.push(`POST ${path} → ${answer.status} ${answer.text}`);
      return undefined;
    }
    ledger.acknowledged += 1;
    return answer.body as { data?: { id?: string } };
  }

  /** A like, rewhisp or follow switched on or off: its key is unknown until the answer. */
  async function toggle(
    member: SignedUpMember,
    kind: 'like' | 'rewhisp' | 'follow',
    target: string,
    path: (on: boolean) => string,
  ) {
    const map = { like: ledger.likes, rewhisp: ledger.rewhisps, follow: ledger.follows }[kind];
    const key = `${member.id}:${target}`;
    const on = !(map.get(key) ?? false);
    ledger.unanswered.add(`${kind}:${key}`);
    if (await send(member, path(on))) {
      map.set(key, on);
      ledger.unanswered.delete(`${kind}:${key}`);
    }
  }

  function writesOf(member: SignedUpMember): Write[] {
    const others = members.filter((other) => other !== member);
    const othersPosts = () =>
      postIds().filter((id) => ledger.posts.get(id)?.authorId !== member.id);
    return [
      async () => {
        const content = `Whisp ${++serial} by ${member.username}`;
        const answer = await send(member, '/api/posts', { content });
        const id = answer?.data?.id;
        if (id) ledger.posts.set(id, { authorId: member.id, content, replyToId: null });
      },
      async () => {
        const parent = random(postIds());
        if (!parent) return;
        const content = `Reply ${++serial} by ${member.username}`;
        const answer = await send(member, `/api/posts/${parent}/reply`, { content });
        const id = answer?.data?.id;
        if (id) ledger.posts.set(id, { authorId: member.id, content, replyToId: parent });
      },
      async () => {
        const post = random(postIds());
        if (!post) return;
        await toggle(member, 'like', post, (on) => `/api/posts/${post}/${on ? 'like' : 'unlike'}`);
      },
      async () => {
        const post = random(othersPosts());
        if (!post) return;
        await toggle(
          member,
          'rewhisp',
          post,
          (on) => `/api/posts/${post}/${on ? 'rewhisp' : 'unrewhisp'}`,
        );
      },
      async () => {
        const other = random(others);
        await toggle(
          member,
          'follow',
          other.id,
          (on) => `/api/users/${other.id}/${on ? 'follow' : 'unfollow'}`,
        );
      },
      async () => {
        const other = random(others);
        const content = `Message ${++serial} from ${member.username}`;
        const answer = await send(member, '/api/messages', { recipient_id: other.id, content });
        const id = answer?.data?.id;
        if (id) ledger.messages.set(id, { senderId: member.id, recipientId: other.id, content });
      },
    ];
  }

  async function run(member: SignedUpMember) {
    const writes = writesOf(member);
    while (!stopping) {
      try {
        await random(writes)();
      } catch {
        // No answer: the server is gone (or going); this member's last write stays unanswered.
        return;
      }
    }
  }

  const running = Promise.all(members.map(run));
  return {
    ledger,
    async stop() {
      stopping = true;
      await running;
    },
  };
}
