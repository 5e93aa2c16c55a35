import { type APIRequestContext, expect } from '@playwright/test';
import { type Member, postWhisp, registerMember, uniqueAddress } from './members';
import { registerModerator } from './moderator';

/** One page of the app: where it is, its document title and its page heading. */
export interface AppPage {
  path: string;
  title: string;
  heading: string | RegExp;
}

/** A moderator (who may open every page), another member and their whisp, reported once. */
export interface PagesScene {
  viewer: Member;
  author: Member;
  whispText: string;
  /** Every signed-in page, with something on it to check. */
  signedIn: AppPage[];
  /** The pages of a signed-out visit. */
  signedOut: AppPage[];
}

export async function setUpPages(request: APIRequestContext): Promise<PagesScene> {
  const [viewer, author] = await Promise.all([
    registerModerator(request),
    registerMember(request, 'Author'),
  ]);
  const whispText = `Harbour lights at dusk, and the ferries running late again ${Date.now()}`;
  const whisp = await postWhisp(request, author, whispText);
  // The viewer follows the author: their whisp is in the feed, and a notification is on its way.
  const followed = await request.post(`/api/users/${author.id}/follow`, {
    headers: { Authorization: `Bearer ${viewer.token}` },
  });
  expect(followed.ok(), await followed.text()).toBe(true);
  const reported = await request.post(`/api/posts/${whisp.id}/report`, {
    headers: { Authorization: `Bearer ${viewer.token}` },
    data: { reason: 'spam', details: 'Checking every page for accessibility.' },
  });
  expect(reported.ok(), await reported.text()).toBe(true);
  // Something on the scheduled list: a whisp for two hours from now.
  const scheduled = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${viewer.token}` },
    data: {
      content: 'Ferry timetable changes from next week',
      scheduled_at: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  // A Mastodon app asking the viewer for their account: its consent page (nothing is decided).
  const appName = `Pages App ${Date.now().toString(36)}`;
  const registered = await request.post('/api/v1/apps', {
    headers: { 'X-Forwarded-For': uniqueAddress() },
    data: {
      client_name: appName,
      redirect_uris: 'http://127.0.0.1:9/callback',
      scopes: 'read write follow',
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const consent = `/oauth/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: (await registered.json()).client_id,
    scope: 'read write follow',
  })}`;

  return {
    viewer,
    author,
    whispText,
    signedIn: [
      { path: '/', title: 'Home · Whisp', heading: 'Home' },
      { path: '/explore', title: 'Explore · Whisp', heading: 'Explore' },
      { path: '/notifications', title: 'Notifications · Whisp', heading: 'Notifications' },
      { path: '/messages', title: 'Messages · Whisp', heading: 'Messages' },
      { path: '/bookmarks', title: 'Bookmarks · Whisp', heading: 'Bookmarks' },
      { path: '/search', title: 'Search · Whisp', heading: 'Search' },
      { path: '/search?q=harbour', title: 'Search: harbour · Whisp', heading: 'Search' },
      { path: '/settings', title: 'Settings · Whisp', heading: 'Settings' },
      { path: '/scheduled', title: 'Scheduled · Whisp', heading: 'Scheduled' },
      { path: '/follow-requests', title: 'Follow requests · Whisp', heading: 'Follow requests' },
      { path: '/moderation', title: 'Moderation · Whisp', heading: 'Moderation' },
      {
        path: '/profile',
        title: `@${viewer.username} · Whisp`,
        // The header's subtitle (the count of whisps) is part of the heading.
        heading: new RegExp(`^${viewer.displayName}`),
      },
      {
        path: `/user/${author.username}`,
        title: `@${author.username} · Whisp`,
        heading: new RegExp(`^${author.displayName}`),
      },
      {
        path: `/whisp/${whisp.id}`,
        title: 'Harbour lights at dusk, and the ferries… · Whisp',
        heading: 'Whisp',
      },
      { path: '/help', title: 'Help center · Whisp', heading: 'Help center' },
      { path: '/support/contact', title: 'Contact support · Whisp', heading: 'Contact support' },
      { path: '/terms', title: 'Terms of Service · Whisp', heading: 'Terms of Service' },
      { path: '/privacy', title: 'Privacy Policy · Whisp', heading: 'Privacy Policy' },
      {
        path: consent,
        title: `Authorize ${appName} · Whisp`,
        heading: `${appName} wants to use your Whisp account @${viewer.username}`,
      },
    ],
    signedOut: [
      { path: '/auth', title: 'Sign in · Whisp', heading: 'Sign in to Whisp' },
      {
        path: '/reset-password?token=not-a-real-token',
        title: 'Choose a new password · Whisp',
        heading: 'Choose a new password',
      },
      {
        path: '/oauth/authorize/native?code=a-code-to-copy',
        title: 'Your authorization code · Whisp',
        heading: 'Your authorization code',
      },
    ],
  };
}
