import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ada, me, post, storyNow } from '../../stories/fixtures.js';
import { Button } from '../Button/Button.js';
import { CommentDialog } from './CommentDialog.js';

const meta = {
  title: 'Components/CommentDialog',
  component: CommentDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onSubmit: fn(),
    post: post({ author: ada, content: 'What should the next engine compute?' }),
    currentUser: me,
    now: storyNow,
  },
} satisfies Meta<typeof CommentDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An empty reply cannot be sent; a real one is sent trimmed. */
export const Playground: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Reply' });
    // Visible once the dialog's entrance animation has run.
    await waitFor(() =>
      expect(within(dialog).getByText('What should the next engine compute?')).toBeVisible(),
    );
    const send = within(dialog).getByRole('button', { name: 'Reply' });
    await expect(send).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Your reply' }),
      '  Bernoulli numbers ',
    );
    await userEvent.click(send);
    await expect(args.onSubmit).toHaveBeenCalledWith('Bernoulli numbers');
  },
};

export const Failed: Story = { args: { error: 'Failed to post comment. Please try again.' } };

/** A reply the app could not send keeps its text for another try (nothing is thrown further). */
export const RefusedKeepsText: Story = {
  args: {
    onSubmit: fn(async () => {
      throw new Error('The server refused the reply');
    }),
    error: 'Failed to post comment. Please try again.',
  },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Reply' });
    const box = within(dialog).getByRole('textbox', { name: 'Your reply' });
    await userEvent.type(box, 'Worth another try');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reply' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('Worth another try');
    await expect(box).toHaveValue('Worth another try');
  },
};

export const Submitting: Story = { args: { submitting: true } };

/**
 * With replies loaded (each with its own Reply button, as in the app), the dialog still opens on
 * the reply box rather than on the first button among the replies.
 */
export const OpensOnReplyBox: Story = {
  args: {
    children: (
      <section aria-label="Replies">
        <p>Ada: The Bernoulli numbers, surely.</p>
        <Button variant="secondary" size="sm">
          Reply to Ada
        </Button>
      </section>
    ),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Reply' });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Your reply' })).toHaveFocus(),
    );
  },
};
