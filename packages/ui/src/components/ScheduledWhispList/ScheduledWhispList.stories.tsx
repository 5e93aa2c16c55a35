import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ScheduledWhisp } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { useState } from 'react';
import { expect, fireEvent, fn, waitFor, within } from 'storybook/test';
import { landscapeImage, storyNow } from '../../stories/fixtures.js';
import { toLocalParts } from '../SchedulePicker/scheduleTime.js';
import {
  SCHEDULED_EMPTY_DESCRIPTION,
  SCHEDULED_EMPTY_TITLE,
  SCHEDULED_LOAD_FAILED,
  ScheduledWhispList,
  type ScheduledWhispListProps,
} from './ScheduledWhispList.js';

const now = () => storyNow.getTime();
const hoursAhead = (hours: number) => new Date(now() + hours * 3_600_000).toISOString();

const base: Omit<ScheduledWhisp, 'id' | 'scheduled_at' | 'content'> = {
  content_warning: null,
  media: [],
  poll: null,
  reply_settings: { can_reply: 'everyone', can_repost: true },
  created_at: storyNow.toISOString(),
};

const items: ScheduledWhisp[] = [
  { ...base, id: 's-1', scheduled_at: hoursAhead(2), content: 'Good morning, Whisp! ☀️' },
  {
    ...base,
    id: 's-2',
    scheduled_at: hoursAhead(26),
    content: 'The finale tonight was something else.',
    content_warning: 'Spoilers for the finale',
  },
  {
    ...base,
    id: 's-3',
    scheduled_at: hoursAhead(50),
    content: 'Tea or coffee?',
    poll: { options: ['Tea', 'Coffee'], expires_in: 86_400, multiple: false },
  },
  {
    ...base,
    id: 's-4',
    scheduled_at: hoursAhead(72),
    content: 'Sunset from the hill.',
    media: [
      {
        url: landscapeImage('#f4a261', '#2a9d8f'),
        alt: 'A sunset over a green hill',
        kind: 'image',
        width: 1200,
        height: 800,
        preview_url: null,
        blurhash: null,
      },
    ],
  },
];

/** The list's data kept in the story, as the app's queries would keep it. */
function ScheduledDemo(args: ScheduledWhispListProps) {
  const [list, setList] = useState(args.items);
  return (
    <ScheduledWhispList
      {...args}
      items={list}
      onReschedule={(id, iso) => {
        args.onReschedule(id, iso);
        setList((all) =>
          all
            .map((item) => (item.id === id ? { ...item, scheduled_at: iso } : item))
            .sort((a, b) => a.scheduled_at.localeCompare(b.scheduled_at)),
        );
      }}
      onEditText={(id, content) => {
        args.onEditText(id, content);
        setList((all) => all.map((item) => (item.id === id ? { ...item, content } : item)));
      }}
      onCancel={(id) => {
        args.onCancel(id);
        setList((all) => all.filter((item) => item.id !== id));
      }}
    />
  );
}

const meta = {
  title: 'Composer/ScheduledWhispList',
  component: ScheduledWhispList,
  args: {
    items,
    status: 'success',
    onReschedule: fn(),
    onEditText: fn(),
    onCancel: fn(),
    now,
  },
  render: (args) => <ScheduledDemo {...args} />,
} satisfies Meta<typeof ScheduledWhispList>;

export default meta;
type Story = StoryObj<typeof meta>;

const itemOf = (canvas: HTMLElement, text: string) =>
  within(canvas).getByText(text).closest('li') as HTMLElement;

/** Pending whisps, soonest first, with their warning, poll or attachments. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Scheduled whisps' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.getByText('Content warning: Spoilers for the finale')).toBeVisible();
    await expect(canvas.getByText('Poll: Tea / Coffee')).toBeVisible();
    await expect(canvas.getByText('1 attachment')).toBeVisible();
  },
};

/** Edit time: a new time the contract accepts goes to `onReschedule`; a past one is refused. */
export const EditTime: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    let item = itemOf(canvasElement, 'Good morning, Whisp! ☀️');
    await userEvent.click(within(item).getByRole('button', { name: /^Edit time/ }));
    const past = toLocalParts(hoursAhead(-1));
    fireEvent.change(within(item).getByLabelText('Date'), { target: { value: past.date } });
    fireEvent.change(within(item).getByLabelText('Time'), { target: { value: past.time } });
    await userEvent.click(within(item).getByRole('button', { name: 'Save time' }));
    await expect(within(item).getByRole('alert')).toHaveTextContent(
      ERRORS.scheduleTimeInvalid.message,
    );
    await expect(args.onReschedule).not.toHaveBeenCalled();
    const later = toLocalParts(hoursAhead(100));
    fireEvent.change(within(item).getByLabelText('Date'), { target: { value: later.date } });
    fireEvent.change(within(item).getByLabelText('Time'), { target: { value: later.time } });
    await userEvent.click(within(item).getByRole('button', { name: 'Save time' }));
    await expect(args.onReschedule).toHaveBeenCalledWith('s-1', hoursAhead(100));
    // Now the latest: it moves to the end of the list.
    item = itemOf(canvasElement, 'Good morning, Whisp! ☀️');
    const list = within(canvasElement).getAllByRole('listitem');
    await expect(list.at(-1)).toBe(item);
  },
};

/** Edit text: saved trimmed; an empty text is refused with the composer's sentence. */
export const EditText: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    const item = itemOf(canvasElement, 'Tea or coffee?');
    await userEvent.click(within(item).getByRole('button', { name: /^Edit text/ }));
    const box = within(item).getByRole('textbox', { name: 'Whisp text' });
    await userEvent.clear(box);
    await userEvent.click(within(item).getByRole('button', { name: 'Save text' }));
    await expect(within(item).getByRole('alert')).toHaveTextContent(ERRORS.emptyPost.message);
    await userEvent.type(box, '  Tea, coffee or water?  ');
    await userEvent.click(within(item).getByRole('button', { name: 'Save text' }));
    await expect(args.onEditText).toHaveBeenCalledWith('s-3', 'Tea, coffee or water?');
    await expect(within(canvasElement).getByText('Tea, coffee or water?')).toBeVisible();
  },
};

/** Cancel whisp: it leaves the list. */
export const Cancel: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    const item = itemOf(canvasElement, 'Sunset from the hill.');
    await userEvent.click(within(item).getByRole('button', { name: /^Cancel whisp/ }));
    await expect(args.onCancel).toHaveBeenCalledWith('s-4');
    await waitFor(() =>
      expect(within(canvasElement).queryByText('Sunset from the hill.')).toBeNull(),
    );
  },
};

/** A change on its way: that whisp's buttons wait; a failure shows under it. */
export const PendingAndError: Story = {
  args: {
    pendingIds: ['s-1'],
    errors: { 's-2': ERRORS.scheduledPostNotFound.message },
  },
  play: async ({ canvasElement }) => {
    const pending = itemOf(canvasElement, 'Good morning, Whisp! ☀️');
    await expect(pending).toHaveAttribute('aria-busy', 'true');
    await expect(within(pending).getByRole('button', { name: /^Edit text/ })).toBeDisabled();
    const failed = itemOf(canvasElement, 'The finale tonight was something else.');
    await expect(within(failed).getByRole('alert')).toHaveTextContent('Scheduled whisp not found');
  },
};

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading scheduled whisps');
  },
};

export const Empty: Story = {
  args: { status: 'empty', items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(SCHEDULED_EMPTY_TITLE)).toBeVisible();
    await expect(canvas.getByText(SCHEDULED_EMPTY_DESCRIPTION)).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { status: 'error', items: [], onRetry: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(SCHEDULED_LOAD_FAILED)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Try again/i }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** On a phone, in the dark theme. */
export const DarkPhone: Story = {
  globals: { theme: 'dark', viewport: { value: 'phone' } },
};
