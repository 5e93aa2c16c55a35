import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONNECTED_APP_MESSAGES } from '@whisp/api-client/contract/connected-apps';
import { expect, fn } from 'storybook/test';
import {
  AuthorizationCodeCard,
  CODE_COPIED_MESSAGE,
  CODE_COPY_FAILED_MESSAGE,
} from './AuthorizationCodeCard.js';

const CODE = 'qDn8y1Zf3kP0vX2mT7sR9wLbE4hJcA6uNgYoV5iK';

const meta = {
  title: 'Components/AuthorizationCodeCard',
  component: AuthorizationCodeCard,
  args: {
    status: 'code',
    code: CODE,
    appName: 'Toot Terminal',
    copyText: fn(async () => {}),
    homeHref: '/',
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof AuthorizationCodeCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The code to copy into the app; Copy puts it on the clipboard and says so. */
export const Code: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Your authorization code' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(CONNECTED_APP_MESSAGES.codeInstructions('Toot Terminal')),
    ).toBeVisible();
    await expect(canvas.getByText(CODE)).toBeVisible();
    await userEvent.tab();
    const copy = canvas.getByRole('button', { name: 'Copy code' });
    await expect(copy).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.copyText).toHaveBeenCalledWith(CODE);
    await expect(canvas.getByRole('status')).toHaveTextContent(CODE_COPIED_MESSAGE);
    await expect(canvas.getByRole('button', { name: 'Copied' })).toHaveFocus();
  },
};

/** The browser refused the clipboard: the code is selected for the member to copy. */
export const CopyRefused: Story = {
  args: {
    copyText: fn(async () => {
      throw new Error('Not allowed');
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy code' }));
    await expect(await canvas.findByText(CODE_COPY_FAILED_MESSAGE)).toBeVisible();
    await expect(window.getSelection()?.toString()).toBe(CODE);
  },
};

/** The app's name is not known on this page: the sentence still reads. */
export const WithoutAppName: Story = {
  args: { appName: undefined },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(CONNECTED_APP_MESSAGES.codeInstructions('the app')),
    ).toBeVisible();
  },
};

/** The decision's ticket was used or too old: no code, and what to do. */
export const Expired: Story = {
  args: { status: 'expired', code: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CONNECTED_APP_MESSAGES.expired)).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Go to Whisp' })).toHaveAttribute('href', '/');
  },
};

export const Denied: Story = {
  args: { status: 'denied', code: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(canvas.getByText(CONNECTED_APP_MESSAGES.denied)).toBeVisible();
  },
};

/** Asked for a code, with none in the address: as good as used. */
export const NoCode: Story = {
  args: { code: '' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CONNECTED_APP_MESSAGES.expired)).toBeVisible();
  },
};

/** At a phone's width the Copy button spans the card under the code, a finger's size. */
export const Phone: Story = {
  args: { appName: 'The Extraordinarily Long-Named Federated Timeline Reader' },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const copy = canvas.getByRole('button', { name: 'Copy code' });
    await expect(copy.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(copy.getBoundingClientRect().top).toBeGreaterThan(
      canvas.getByText(CODE).getBoundingClientRect().bottom - 1,
    );
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
