import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { registerMember, signIn } from './members';
import { PHONE_JOURNEY } from './phone';

// Whisps with media, end to end: a video that plays and seeks (served in ranges), and an image
// with a description from the composer to the card.

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
// Four seconds of VP8 at 160×120 (ffmpeg's test pattern and a tone), made as fixtures/README.md says.
const VIDEO = path.join(fixtures, 'four-seconds.webm');
const PHOTO = path.join(fixtures, 'test-pattern.png');
// Set it to a folder to keep screenshots of the composer and the card (not used by CI).
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR;

async function compose(page: Page, text: string, file: string) {
  await page.getByRole('button', { name: 'Whisper' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Whisp' });
  await dialog.getByRole('textbox', { name: 'What’s happening?' }).fill(text);
  // The attach button's input (the GIF button has one of its own).
  await dialog.locator('input[type="file"]').first().setInputFiles(file);
  // Sending waits for the upload: the progress bar goes once the server has the file.
  await expect(dialog.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  return dialog;
}

test('a posted video plays, and seeks through ranges the server answers with 206', async ({
  page,
}) => {
  const member = await registerMember(page.request, 'Reel');
  const ranges: { url: string; status: number; contentRange: string | undefined }[] = [];
  page.on('response', (response) => {
    if (/\/media\/[a-f0-9]{64}\.webm$/.test(response.url())) {
      ranges.push({
        url: response.url(),
        status: response.status(),
        contentRange: response.headers()['content-range'],
      });
    }
  });
  await signIn(page, member);
  const text = `Four seconds of test pattern ${Date.now()}`;
  const dialog = await compose(page, text, VIDEO);
  await dialog.getByRole('button', { name: 'Whisper' }).click();
  await expect(page.getByText('Your whisp was posted', { exact: true })).toBeVisible();

  const card = page.getByRole('article').filter({ hasText: text });
  const video = card.locator('video');
  await expect(video).toHaveCount(1);
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.5);

  const seekedTo = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        element.addEventListener('seeked', () => resolve(element.currentTime), { once: true });
        element.currentTime = 3;
      }),
  );
  expect(seekedTo).toBeGreaterThanOrEqual(2.9);
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.filter((range) => range.status === 206)).not.toEqual([]);
  for (const range of ranges.filter((answer) => answer.status === 206)) {
    expect(range.contentRange).toMatch(/^bytes \d+-\d+\/\d+$/);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test(
      'an image described in the composer shows its ALT badge and description on the card',
      PHONE_JOURNEY,
      async ({ page }, testInfo) => {
        const member = await registerMember(page.request, 'Lens');
        await signIn(page, member);
        const text = `Calibration card ${Date.now()}`;
        const description =
          'A test card: vertical colour bars behind a circle, with a rainbow strip across the bottom';
        const dialog = await compose(page, text, PHOTO);

        await dialog.getByRole('button', { name: 'Add description to test-pattern.png' }).click();
        const describe = page.getByRole('dialog', { name: 'Describe this image' });
        await describe.getByRole('textbox', { name: 'Description' }).fill(description);
        await describe.getByRole('button', { name: 'Save' }).click();
        await expect(describe).toBeHidden();
        await expect(dialog.getByRole('img', { name: description })).toBeVisible();
        if (SCREENSHOTS) {
          await dialog.screenshot({
            path: path.join(SCREENSHOTS, `composer-${testInfo.project.name}-${colorScheme}.png`),
          });
        }
        await dialog.getByRole('button', { name: 'Whisper' }).click();
        await expect(page.getByText('Your whisp was posted', { exact: true })).toBeVisible();

        const card = page.getByRole('article').filter({ hasText: text });
        await expect(card.getByRole('img', { name: description })).toBeVisible();
        await expect(card.getByText(description)).toBeHidden();
        await card.getByRole('button', { name: 'ALT: show image description' }).focus();
        await page.keyboard.press('Enter');
        // Its name now says what a second press does.
        const badge = card.getByRole('button', { name: 'ALT: hide image description' });
        await expect(badge).toHaveAttribute('aria-expanded', 'true');
        await expect(badge).toBeFocused();
        await expect(card.getByText(description)).toBeVisible();
        if (SCREENSHOTS) {
          await card.screenshot({
            path: path.join(SCREENSHOTS, `card-${testInfo.project.name}-${colorScheme}.png`),
          });
        }

        // The server kept it: the whisp as the API gives it.
        const answer = await page.request.get('/api/posts/timeline', {
          headers: { Authorization: `Bearer ${member.token}` },
        });
        const posts: { content: string; media: { alt: string | null; kind: string }[] }[] = (
          await answer.json()
        ).posts;
        expect(posts.find((post) => post.content === text)?.media).toEqual([
          expect.objectContaining({ alt: description, kind: 'image' }),
        ]);
      },
    );
  });
}
