// The page bench/cards.mjs measures: N WhispCards (or N plain <article>s with the same text, the
// baseline) mounted into one React root under a <Profiler>, with React's profiling build so
// actualDuration is reported in production. `@bench/ui` is the built @whisp/ui being measured and
// `@bench/posts` the fixtures (both aliased by lib/cards-build.mjs).
import posts from '@bench/posts';
import { WhispCard } from '@bench/ui';
import { createElement as h, Profiler, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '@bench/ui-styles';

const NOW = new Date(posts.now);
const VIEWER_ID = posts.viewerId;
const noop = () => {};
// One object for every card, as an app's provider memoises them: a card's props then change only
// when its own whisp does.
const callbacks = {
  onLike: noop,
  onReply: noop,
  onRewhisp: noop,
  onBookmark: noop,
  onShare: noop,
  onDelete: noop,
  onReport: noop,
  onMuteAuthor: noop,
  onBlockAuthor: noop,
  onReportAuthor: noop,
};

function PlainArticle({ post }) {
  const shown = post.rewhisp_of ?? post;
  return h(
    'article',
    null,
    h('header', null, shown.author.display_name, ` @${shown.author.username} `, shown.created_at),
    h('p', null, shown.content),
  );
}

let likeOne = null;
function Cards({ kind, initial }) {
  const [list, setList] = useState(initial);
  likeOne = (index) =>
    setList((current) =>
      current.map((post, at) =>
        at === index
          ? { ...post, is_liked: !post.is_liked, like_count: post.like_count + 1 }
          : post,
      ),
    );
  return h(
    'div',
    { style: { maxWidth: '600px' } },
    list.map((post) =>
      kind === 'plain'
        ? h(PlainArticle, { key: post.id, post })
        : h(WhispCard, { key: post.id, post, now: NOW, currentUserId: VIEWER_ID, ...callbacks }),
    ),
  );
}

const container = document.getElementById('root');
const root = createRoot(container);
let durations = [];
const onRender = (_id, _phase, actualDuration) => durations.push(actualDuration);
const sum = (values) => values.reduce((total, value) => total + value, 0);

// Fiber tags (React 19): function 0, class 1, host element 5, context provider 10, forwardRef 11,
// memo 14, simple memo 15.
const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
const RADIX_NAME =
  /^(Tooltip|DropdownMenu|Menu|Popper|Primitive\.|Slot|Presence|Portal|Dialog|Collection|RovingFocus|DismissableLayer|FocusScope)/;
const nameOf = (type) =>
  type?.displayName ?? type?.name ?? type?.render?.displayName ?? type?.render?.name ?? '';
// Radix names its parts with displayName ('TooltipTrigger'); our components only have a name.
const isRadix = (type) => {
  const named = type?.displayName ? type : type?.render?.displayName ? type.render : null;
  return named !== null && RADIX_NAME.test(named.displayName);
};

function countFibers() {
  const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'));
  const counts = { components: 0, radix: 0, providers: 0, handlers: 0, hostElements: 0 };
  const names = new Map();
  const stack = [container[key].stateNode.current.child];
  while (stack.length) {
    const fiber = stack.pop();
    if (!fiber) continue;
    if (COMPONENT_TAGS.has(fiber.tag)) {
      counts.components++;
      const name = nameOf(fiber.type) || nameOf(fiber.type?.type);
      if (isRadix(fiber.type) || isRadix(fiber.type?.type)) counts.radix++;
      names.set(name, (names.get(name) ?? 0) + 1);
    } else if (fiber.tag === 10) counts.providers++;
    else if (fiber.tag === 5) {
      counts.hostElements++;
      for (const [prop, value] of Object.entries(fiber.memoizedProps ?? {}))
        if (/^on[A-Z]/.test(prop) && typeof value === 'function') counts.handlers++;
    }
    stack.push(fiber.sibling, fiber.child);
  }
  return { ...counts, names: Object.fromEntries(names) };
}

window.bench = {
  size: posts.list.length,
  /** Mounts `n` cards in one synchronous commit; effects included (a discrete render flushes them). */
  mount(kind, n) {
    flushSync(() => root.render(null));
    const elementsBefore = document.getElementsByTagName('*').length;
    durations = [];
    const started = performance.now();
    flushSync(() =>
      root.render(
        h(Profiler, { id: 'cards', onRender }, h(Cards, { kind, initial: posts.list.slice(0, n) })),
      ),
    );
    const commitMs = performance.now() - started;
    const layoutStarted = performance.now();
    // Style and layout of what was just mounted, forced here so they are counted in this run.
    void document.body.offsetHeight;
    const layoutMs = performance.now() - layoutStarted;
    return {
      commitMs,
      layoutMs,
      actualDuration: sum(durations),
      elements: document.getElementsByTagName('*').length - elementsBefore,
    };
  },
  /** Likes the whisp at `index` of the mounted list: what a like costs to re-render. */
  like(index) {
    durations = [];
    flushSync(() => likeOne(index));
    return { actualDuration: sum(durations) };
  },
  countFibers,
  /** Mounts `n` of `kind` counting every addEventListener call, by event and target. */
  countListeners(kind, n) {
    const counts = {};
    const original = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function count(type, ...rest) {
      const key = `${type} on ${this.tagName?.toLowerCase() ?? this.constructor.name}`;
      counts[key] = (counts[key] ?? 0) + 1;
      return original.call(this, type, ...rest);
    };
    try {
      window.bench.mount(kind, n);
    } finally {
      EventTarget.prototype.addEventListener = original;
    }
    return counts;
  },
};
