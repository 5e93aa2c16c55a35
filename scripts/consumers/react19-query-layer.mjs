// A React 19 app on @whisp/api-client/react: the providers, a suspense query hook and a mutation
// hook, rendered on the server (the hook fetches through a stub fetch while React waits for it),
// with @whisp/ui's WhispCard showing the answer. Run by check-consumers.mjs in a throw-away app.
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { createMemoryTokenStore, createWhispClient } from '@whisp/api-client';
import {
  postQueries,
  useToggleLike,
  useWhispClient,
  WhispClientProvider,
} from '@whisp/api-client/react';
import { WhispCard } from '@whisp/ui';
import { createElement, Suspense, version } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

const post = JSON.parse(readFileSync('post.json', 'utf8'));
const requested = [];
const client = createWhispClient({
  baseUrl: 'https://whisp.example',
  tokenStore: createMemoryTokenStore('token-1'),
  fetch: async (input) => {
    const url = new URL(String(input));
    requested.push(url.pathname);
    return url.pathname === '/api/posts/public'
      ? Response.json({ success: true, posts: [post], next_cursor: null })
      : Response.json({ success: false, message: 'Not stubbed' }, { status: 404 });
  },
});

function PublicFeed() {
  const whispClient = useWhispClient();
  const { data } = useSuspenseQuery(postQueries.public(whispClient, 20));
  const like = useToggleLike();
  return createElement(
    'main',
    null,
    data.map((item) =>
      createElement(WhispCard, {
        key: item.id,
        post: item,
        now: new Date(item.created_at),
        onLike: (target) => like.mutate({ id: target.id, liked: !target.is_liked }),
      }),
    ),
  );
}

const app = createElement(
  QueryClientProvider,
  { client: new QueryClient() },
  createElement(
    WhispClientProvider,
    { client },
    createElement(Suspense, { fallback: 'Loading…' }, createElement(PublicFeed)),
  ),
);

const html = await new Promise((resolve, reject) => {
  const chunks = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    final(done) {
      resolve(Buffer.concat(chunks).toString());
      done();
    },
  });
  const stream = renderToPipeableStream(app, {
    onAllReady: () => stream.pipe(sink),
    onShellError: reject,
    onError: reject,
  });
});

const failures = [];
const expect = (ok, message) => ok || failures.push(message);
expect(version.startsWith('19.'), `React ${version} was installed, not 19`);
expect(requested.includes('/api/posts/public'), `the query fetched ${requested.join(', ')}`);
expect(
  html.includes(post.author.display_name),
  `the author's name is not in ${html.slice(0, 300)}…`,
);
expect(html.includes(post.content), `the whisp's content is not in ${html.slice(0, 300)}…`);
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log(`React ${version}: the query hook fetched and the feed rendered on the server`);
