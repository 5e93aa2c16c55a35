import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ModerationReport } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { MODERATION_NOTE_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ada, grace, linus, me, minutesAgo, post, storyNow } from '../../stories/fixtures.js';
import { ModerationQueueItem } from './ModerationQueueItem.js';

function report(overrides: Partial<ModerationReport> = {}): ModerationReport {
  return {
    id: 'r-1',
    status: 'open',
    reason: 'harassment',
    details: 'Keeps replying to everything I post with insults.',
    created_at: minutesAgo(95),
    reporter: ada,
    target_type: 'post',
    post: post({ author: linus, content: 'Nobody asked for your opinion, @ada. Log off.' }),
    user: linus,
    resolution: null,
    ...overrides,
  };
}

const meta = {
  title: 'Moderation/ModerationQueueItem',
  component: ModerationQueueItem,
  args: { report: report(), onResolve: fn(), onUnsuspend: fn(), now: storyNow },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof ModerationQueueItem>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A reported whisp: the card, the reporter, reason and details; Remove whisp asks for a note. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(
      canvas.getByRole('heading', { name: /Harassment or bullying.*Whisp by @linus/ }),
    ).toBeVisible();
    const card = canvas.getByRole('article', { name: 'Linus' });
    await expect(card).toBeVisible();
    // The reported whisp is read-only: no Reply, Rewhisp, Like, Bookmark or More that do nothing.
    await expect(within(card).queryAllByRole('button')).toEqual([]);
    await expect(within(card).getByRole('link', { name: /Linus/ })).toBeVisible();
    await expect(canvas.getByText(/Keeps replying/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove whisp' }));
    const note = canvas.getByRole('textbox', { name: /Note/ });
    await expect(note).toHaveFocus();
    await userEvent.type(note, ' Targeted insults. ');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove whisp' }));
    await expect(args.onResolve).toHaveBeenCalledWith(args.report, {
      action: 'remove_post',
      note: 'Targeted insults.',
    });
  },
};

/** Dismiss without a note; Cancel goes back to the three actions, focus on the one it left. */
export const Dismiss: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Suspend member' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Suspend member' })).toHaveFocus(),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss report' }));
    await expect(args.onResolve).toHaveBeenCalledWith(args.report, { action: 'dismiss' });
  },
};

/** A reported member: their name and avatar instead of a card, and no Remove whisp. */
export const ReportedMember: Story = {
  args: {
    report: report({ target_type: 'user', post: null, reason: 'spam', details: null, user: grace }),
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('button', { name: 'Remove whisp' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Suspend member' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Suspend @grace_h' }));
    await expect(args.onResolve).toHaveBeenCalledWith(args.report, { action: 'suspend_user' });
  },
};

export const NoteTooLong: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Suspend member' }));
    await userEvent.paste('n'.repeat(MODERATION_NOTE_MAX_LENGTH + 1));
    await expect(await canvas.findByText(ERRORS.moderationNoteTooLong.message)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Suspend @linus' })).toBeDisabled();
    await expect(args.onResolve).not.toHaveBeenCalled();
  },
};

/** Resolved by suspending: who did it, the note, and Unsuspend. */
export const ResolvedWithSuspension: Story = {
  args: {
    report: report({
      status: 'resolved',
      resolution: {
        action: 'suspend_user',
        note: 'Third warning ignored.',
        moderator: me,
        resolved_at: minutesAgo(10),
      },
    }),
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Member suspended')).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Resolve report' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Unsuspend @linus' }));
    await expect(args.onUnsuspend).toHaveBeenCalledWith(linus);
  },
};

/** The whisp was deleted meanwhile: the report still reads, without Remove whisp. */
export const WhispDeleted: Story = {
  args: { report: report({ post: null }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This whisp has been deleted.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Remove whisp' })).toBeNull();
  },
};

export const ServerError: Story = {
  args: { error: ERRORS.reportAlreadyResolved.message },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(ERRORS.reportAlreadyResolved.message);
  },
};

export const LongDetails: Story = {
  args: {
    report: report({
      reason: 'misinformation',
      details:
        'This whisp claims a cure that does not exist and links to a shop selling it. '.repeat(8),
    }),
  },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };

/** Once the action is done (`onResolve` settles), focus is on the report, not on <body>. */
export const FocusAfterResolving: Story = {
  args: { onResolve: fn(() => Promise.resolve()) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss report' }));
    const item = canvas.getByRole('article', { name: /Harassment or bullying/ });
    await waitFor(() => expect(item).toHaveFocus());
  },
};
