// A React 18 app that renders @whisp/ui's components and calls the API with @whisp/api-client's
// root entry, with neither @tanstack/react-query nor msw installed. Run by check-consumers.mjs in
// a throw-away app; `post.json` is a fixture post written next to it.
import { existsSync, readFileSync } from 'node:fs';
import { createMemoryTokenStore, createWhispClient } from '@whisp/api-client';
import { WhispCard } from '@whisp/ui';
import { createElement, version } from 'react';
import { renderToString } from 'react-dom/server';

const post = JSON.parse(readFileSync('post.json', 'utf8'));
const failures = [];
const expect = (ok, message) => ok || failures.push(message);

expect(version.startsWith('18.'), `React ${version} was installed, not 18`);
expect(
  !existsSync('node_modules/@tanstack/react-query') && !existsSync('node_modules/msw'),
  'an optional peer (@tanstack/react-query or msw) was installed although the app asked for none',
);

const html = renderToString(
  createElement(WhispCard, { post, currentUserId: 'someone-else', now: new Date(post.created_at) }),
);
expect(
  html.includes(post.author.display_name),
  `the author's name is not in ${html.slice(0, 300)}…`,
);
expect(html.includes(post.content), `the whisp's content is not in ${html.slice(0, 300)}…`);

const client = createWhispClient({
  baseUrl: 'https://whisp.example',
  tokenStore: createMemoryTokenStore('token-1'),
  fetch: async (input) =>
    new URL(String(input)).pathname === '/api/posts/public'
      ? Response.json({ success: true, posts: [post], next_cursor: null })
      : Response.json({ success: false, message: 'Not stubbed' }, { status: 404 }),
});
const [fetched] = await client.posts.public({ limit: 1 });
expect(fetched?.id === post.id, `client.posts.public() gave ${JSON.stringify(fetched)}`);

if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log(`React ${version}: WhispCard rendered on the server, client.posts.public() answered`);
