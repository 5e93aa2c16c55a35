import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { EDIT_HISTORY_ERROR_MESSAGE, EditHistoryDialog } from './EditHistoryDialog.js';

/** As the API answers: oldest first, the current version last. */
const versions = [
  {
    content: 'Shipping a tiny design sytem today.',
    content_warning: null,
    created_at: '2026-06-15T10:00:00Z',
  },
  {
    content: 'Shipping a tiny design system today.',
    content_warning: null,
    created_at: '2026-06-15T10:05:00Z',
  },
  {
    content: 'Shipping a tiny design system today. It has polls, and the ending surprised us.',
    content_warning: 'Release spoilers',
    created_at: '2026-06-15T11:40:00Z',
  },
];

const meta = {
  title: 'Components/EditHistoryDialog',
  component: EditHistoryDialog,
  args: { open: true, onOpenChange: fn(), onRetry: fn(), versions, status: 'success' },
} satisfies Meta<typeof EditHistoryDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function findDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
  // Visible once the dialog's entrance animation has run.
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** Newest first: the current version on top and marked, each with its time and warning. */
export const Playground: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await findDialog();
    await expect(dialog).toHaveAccessibleDescription('Every version of this whisp, newest first.');
    const items = within(dialog).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Current version');
    await expect(items[0]).toHaveTextContent('Content warning: Release spoilers');
    await expect(items[0]).toHaveTextContent('the ending surprised us');
    await expect(items[2]).toHaveTextContent('design sytem');
    await expect(items[2]).not.toHaveTextContent('Current version');
    await expect(within(items[2] as HTMLElement).getByText(/June 15, 2026/)).toHaveAttribute(
      'datetime',
      '2026-06-15T10:00:00Z',
    );
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** While the versions load: a spinner that says so. */
export const Loading: Story = {
  args: { status: 'loading', versions: undefined },
  play: async () => {
    const dialog = await findDialog();
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Loading earlier versions');
  },
};

/** A failed load says so and offers Retry. */
export const LoadFailed: Story = {
  args: { status: 'error', versions: undefined },
  play: async ({ args, userEvent }) => {
    const dialog = await findDialog();
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(EDIT_HISTORY_ERROR_MESSAGE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await findDialog();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    await findDialog();
  },
};
