import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { type MessageAudience, NOTIFICATION_MESSAGES } from '@whisp/api-client/contract/choices';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { type Member, postWhisp, registerMember, signIn } from './members';
import { PHONE_JOURNEY } from './phone';
import { COLOR_SCHEME, screenshot } from './screenshots';

test.use({ colorScheme: COLOR_SCHEME });

// Privacy and preferences (1.2): the switches live on the server and do what they say. Every
// journey runs on the phone project too: Settings, a protected profile, the follow requests list
// and the chat each have a phone layout of their own.

async function asMember(request: APIRequestContext, member: Member, path: string) {
  const response = await request.post(path, {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data;
}

/** Sets the member's `messages_from` as Settings does. */
async function choose(request: APIRequestContext, member: Member, messagesFrom: MessageAudience) {
  const response = await request.patch('/api/users/me/preferences', {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { messages_from: messagesFrom },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

// The notice's reason for "nobody" (@whisp/ui MessagePermissionNotice).
const TURNED_OFF = 'They have turned off direct messages.';

/**
 * Resolves once the app's live stream has opened and the conversations it reads again on opening
 * have arrived: from then on nothing reads them again unprompted, so a setting changed now is
 * one the open chat does not know of.
 */
function conversationsReadOnStreamOpen(page: Page) {
  let streamOpen = false;
  return page.waitForResponse((response) => {
    const { pathname } = new URL(response.url());
    if (pathname === '/api/events') streamOpen = true;
    // A read still in flight when the stream opened is cancelled (and answered by none), so a
    // list answered after it opened is the one read again.
    return streamOpen && pathname === '/api/messages/conversations';
  });
}

/**
 * A second browser of the test's kind (a phone on the phone project), for the other member: a
 * new context takes none of the project's device settings by itself.
 */
function anotherBrowser(browser: Browser, testInfo: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    colorScheme: COLOR_SCHEME,
  });
}

/** Signs in through the form, as on a browser that has never seen the member. */
async function signInWithPassword(page: Page, member: Member) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'For you' })).toBeVisible();
}

test(
  'switches survive signing in on a fresh browser, and a like with like notifications off notifies nothing',
  PHONE_JOURNEY,
  async ({ page, browser, request }, testInfo) => {
    const author = await registerMember(request, 'Lise');
    const fan = await registerMember(request, 'Otto');
    await signIn(page, author, '/settings');
    await page.getByRole('switch', { name: 'Likes' }).click();
    await expect(page.getByText('Likes off', { exact: true })).toBeVisible();
    await page.getByRole('switch', { name: 'Data saver' }).click();
    await expect(page.getByText('Data saver on', { exact: true })).toBeVisible();

    // A browser with nothing stored: the choices come from the server.
    const context = await anotherBrowser(browser, testInfo);
    const fresh = await context.newPage();
    await signInWithPassword(fresh, author);
    await fresh.goto('/settings');
    await expect(fresh.getByRole('switch', { name: 'Likes' })).not.toBeChecked();
    await expect(fresh.getByRole('switch', { name: 'Data saver' })).toBeChecked();
    await expect(fresh.getByRole('switch', { name: 'New followers' })).toBeChecked();
    await expect(fresh.getByRole('switch', { name: 'Load images on mobile data' })).toHaveCount(0);

    // The like comes first, then a follow (still notified): once the follow shows, the like would have.
    const whisp = await postWhisp(request, author, 'Tide tables for the week');
    await asMember(request, fan, `/api/posts/${whisp.id}/like`);
    await asMember(request, fan, `/api/users/${author.id}/follow`);
    await fresh.goto('/notifications');
    const fromFan = fresh.getByRole('article').filter({ hasText: fan.displayName });
    await expect(fromFan).toHaveCount(1);
    await expect(fromFan).not.toContainText(NOTIFICATION_MESSAGES.like);
    await context.close();
  },
);

test(
  'a private account’s whisps appear to a requester only once the request is accepted from the other browser',
  PHONE_JOURNEY,
  async ({ page, browser, request }, testInfo) => {
    const owner = await registerMember(request, 'Ingrid');
    const asker = await registerMember(request, 'Nils');
    await signIn(page, owner, '/settings');
    await page.getByRole('switch', { name: 'Private account' }).click();
    const saved = page.getByText('Your account is private', { exact: true });
    await expect(saved).toBeVisible();
    // The pictures show the sections, not the toast over them.
    await expect(saved).toBeHidden();
    await screenshot(
      page.getByRole('region', { name: 'Privacy', exact: true }),
      'privacy-settings',
      testInfo,
    );
    await screenshot(
      page.getByRole('region', { name: 'Notifications', exact: true }),
      'privacy-settings-notifications',
      testInfo,
    );
    const whispText = 'The lighthouse keeper’s log, day one';
    await postWhisp(request, owner, whispText);

    const context = await anotherBrowser(browser, testInfo);
    const other = await context.newPage();
    await signIn(other, asker, `/user/${owner.username}`);
    await expect(other.getByRole('img', { name: 'Private account' })).toBeVisible();
    await expect(other.getByRole('heading', { name: ERRORS.privateAccount.message })).toBeVisible();
    await expect(other.getByText(whispText)).toHaveCount(0);
    await screenshot(other, 'privacy-protected-profile', testInfo);
    await other.getByRole('button', { name: 'Follow', exact: true }).click();
    // Exact: on wide screens Who to follow names its own button after the member.
    await expect(other.getByRole('button', { name: 'Requested', exact: true })).toBeVisible();

    await page.goto('/notifications');
    await page
      .getByRole('article')
      .filter({ hasText: asker.displayName })
      .getByRole('link', { name: NOTIFICATION_MESSAGES.follow_request })
      .click();
    await expect(page).toHaveURL(/\/follow-requests$/);
    const requests = page.getByRole('list', { name: 'Follow requests' });
    await expect(requests.getByText(asker.displayName)).toBeVisible();
    await screenshot(page, 'privacy-follow-requests', testInfo);
    await requests.getByRole('button', { name: `Accept @${asker.username}` }).click();
    await expect(
      page.getByText(`@${asker.username} now follows you`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No follow requests' })).toBeVisible();

    await other.reload();
    await expect(other.getByText(whispText)).toBeVisible();
    await expect(other.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
    await other.goto('/');
    await other.getByRole('tab', { name: 'Following' }).click();
    await expect(other.getByText(whispText)).toBeVisible();
    await context.close();
  },
);

test(
  '“Nobody” shows the contract’s sentence in the chat before anyone types, from the chat and from a profile',
  PHONE_JOURNEY,
  async ({ page, browser, request }) => {
    const writer = await registerMember(request, 'Tove');
    const reader = await registerMember(request, 'Astrid');
    const stranger = await registerMember(request, 'Maja');
    const conversation = await asMember(request, writer, `/api/messages/start/${reader.id}`);
    await choose(request, stranger, 'nobody');

    const context = await browser.newContext({ colorScheme: COLOR_SCHEME });
    const readerPage = await context.newPage();
    await signIn(readerPage, reader, '/settings');
    // Settings' lists above the choice finish loading first (Connected apps is the last of them):
    // on a phone, a list that grows as it loads moves the radio under the pointer.
    await expect(
      readerPage.getByRole('heading', { name: 'No apps are connected to your account' }),
    ).toBeVisible();
    await readerPage.getByRole('radio', { name: 'Nobody' }).check();
    await expect(readerPage.getByText('Messages from nobody', { exact: true })).toBeVisible();
    await context.close();

    await signIn(page, writer, `/messages?c=${encodeURIComponent(conversation.id)}`);
    await expect(page.getByText(ERRORS.messagesNotAccepted.message(reader.username))).toBeVisible();
    await expect(page.getByText(TURNED_OFF)).toBeVisible();
    await expect(page.getByRole('textbox', { name: `Message ${reader.displayName}` })).toHaveCount(
      0,
    );

    // Their profile's Message button opens the same chat on the same notice.
    await page.goto(`/user/${reader.username}`);
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]c=${conversation.id}`));
    await expect(page.getByText(ERRORS.messagesNotAccepted.message(reader.username))).toBeVisible();

    // A member nobody has a conversation with yet: none is started, and the chat says why.
    await page.goto(`/user/${stranger.username}`);
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    await expect(
      page.getByText(ERRORS.messagesNotAccepted.message(stranger.username)),
    ).toBeVisible();
    await expect(page.getByText(TURNED_OFF)).toBeVisible();
    await expect(
      page.getByRole('textbox', { name: `Message ${stranger.displayName}` }),
    ).toHaveCount(0);
  },
);

test(
  '“Nobody” chosen while the chat is open refuses the send, with the contract’s sentence and the text kept',
  PHONE_JOURNEY,
  async ({ page, request }) => {
    const writer = await registerMember(request, 'Tove');
    const reader = await registerMember(request, 'Astrid');
    const conversation = await asMember(request, writer, `/api/messages/start/${reader.id}`);

    const listReadAgain = conversationsReadOnStreamOpen(page);
    await signIn(page, writer, `/messages?c=${encodeURIComponent(conversation.id)}`);
    await listReadAgain;
    const composer = page.getByRole('textbox', { name: `Message ${reader.displayName}` });
    await composer.fill('Are you coming to the harbour?');
    await choose(request, reader, 'nobody');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(ERRORS.messagesNotAccepted.message(reader.username))).toBeVisible();
    await expect(composer).toHaveCount(0);
    const messages = page.getByRole('list', { name: 'Messages' });
    await expect(messages.getByText('Are you coming to the harbour?')).toBeVisible();
    await expect(messages.getByText('Not sent.')).toBeVisible();
    // The conversation read again after the refusal says why.
    await expect(page.getByText(TURNED_OFF)).toBeVisible();
  },
);
