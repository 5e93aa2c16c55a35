import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ModerationLogEntry } from '@whisp/api-client';
import { expect, fn } from 'storybook/test';
import { ada, grace, linus, me, minutesAgo, storyNow } from '../../stories/fixtures.js';
import { ModerationLog } from './ModerationLog.js';

let nextId = 1;
function entry(overrides: Partial<ModerationLogEntry>): ModerationLogEntry {
  return {
    id: `log-${nextId++}`,
    action: 'dismiss',
    moderator: me,
    target_user: linus,
    post_id: null,
    report_id: 'r-1',
    note: null,
    created_at: minutesAgo(30),
    ...overrides,
  };
}

// Newest first: Linus is suspended now; Grace was suspended, then the suspension was lifted.
const entries = [
  entry({ action: 'suspend_user', note: 'Third warning ignored.', created_at: minutesAgo(5) }),
  entry({
    action: 'unsuspend_user',
    target_user: grace,
    report_id: null,
    created_at: minutesAgo(50),
  }),
  entry({
    action: 'remove_post',
    post_id: 'p-9',
    note: 'Targeted insults.',
    created_at: minutesAgo(90),
  }),
  entry({ action: 'suspend_user', target_user: grace, created_at: minutesAgo(600) }),
  entry({ action: 'dismiss', target_user: ada, moderator: grace, created_at: minutesAgo(2000) }),
];

const meta = {
  title: 'Moderation/ModerationLog',
  component: ModerationLog,
  args: { entries, onUnsuspend: fn(), onRetry: fn(), now: storyNow },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof ModerationLog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Who did what to whom, newest first; Unsuspend only where the member is still suspended. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const log = canvas.getByRole('list', { name: 'Moderation log' });
    await expect(log.children).toHaveLength(5);
    await expect(canvas.getByText('lifted the suspension of', { exact: false })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Unsuspend @grace_h' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Unsuspend @linus' }));
    await expect(args.onUnsuspend).toHaveBeenCalledWith(linus);
  },
};

export const Unsuspending: Story = {
  args: { unsuspendingIds: new Set([linus.id]) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Unsuspend @linus' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No moderation actions yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the moderation log' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { status: 'error' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const LongNote: Story = {
  args: {
    entries: [
      entry({
        action: 'remove_post',
        note: 'Repeated the same false medical claim after two warnings; links to a shop. '.repeat(
          6,
        ),
      }),
    ],
  },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
