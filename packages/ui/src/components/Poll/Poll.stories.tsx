import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Poll as PollData } from '@whisp/api-client';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { poll, storyNow } from '../../stories/fixtures.js';
import { Poll, type PollProps } from './Poll.js';

/** What the server answers once a vote counts: the counts revealed, the viewer's choices kept. */
const HIDDEN_COUNTS = [61, 52, 15];

function counted(data: PollData, choices: number[] = []): PollData {
  const options = data.options.map((option, index) => ({
    ...option,
    votes_count: (HIDDEN_COUNTS[index] ?? 0) + (choices.includes(index) ? 1 : 0),
  }));
  const votes = options.reduce((sum, option) => sum + (option.votes_count ?? 0), 0);
  return {
    ...data,
    options,
    votes_count: votes,
    voters_count: data.multiple ? data.voters_count + (choices.length > 0 ? 1 : 0) : votes,
    voted: choices.length > 0 || data.voted,
    own_votes: choices.length > 0 ? choices : data.own_votes,
  };
}

/** A poll whose vote the "server" accepts after a moment, as the app's mutation would. */
function InteractivePoll(args: PollProps) {
  const [current, setCurrent] = useState(args.poll);
  const [voting, setVoting] = useState(false);
  return (
    <div style={{ maxWidth: 520 }}>
      <Poll
        {...args}
        poll={current}
        voting={voting || args.voting}
        onVote={(choices) => {
          args.onVote?.(choices);
          setVoting(true);
          setTimeout(() => {
            setCurrent((value) => counted(value, choices));
            setVoting(false);
          }, 50);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Headline/Poll',
  component: Poll,
  render: InteractivePoll,
  args: { poll: poll(), now: storyNow, onVote: fn() },
  argTypes: { poll: { control: 'object' } },
} satisfies Meta<typeof Poll>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before voting: the choices, one tap each; then the results with the choice marked. */
export const Open: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('group', { name: 'Poll: choose one' })).toBeVisible();
    await expect(canvas.getByText('128 votes · 2 days left')).toBeVisible();
    // No counts before voting: no percentage anywhere.
    await expect(canvas.queryByText(/%$/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Vote for Spaces' }));
    await expect(args.onVote).toHaveBeenCalledWith([1]);
    const results = await canvas.findByRole('list', { name: 'Poll results' });
    // The pressed button is gone: the results take focus rather than <body>.
    await waitFor(() => expect(results).toHaveFocus());
    await expect(canvas.getByText('41%')).toBeVisible();
    await expect(canvas.getByText(', your choice')).toBeInTheDocument();
    await expect(canvas.getByText(', your choice').closest('li')).toHaveTextContent('Spaces');
  },
};

/** The keyboard votes too: Tab to an option, Enter. */
export const VoteByKeyboard: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Vote for Tabs' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onVote).toHaveBeenCalledWith([1]);
    await waitFor(() => expect(canvas.getByRole('list', { name: 'Poll results' })).toHaveFocus());
  },
};

/** While the vote travels the options say so and ignore presses. */
export const Voting: Story = {
  args: { voting: true },
  play: async ({ args, canvas, userEvent }) => {
    const option = canvas.getByRole('button', { name: 'Vote for Tabs' });
    await expect(option).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(option);
    await expect(args.onVote).not.toHaveBeenCalled();
  },
};

/** After voting: bars with percentages in text, the viewer's choice marked, the time left. */
export const Voted: Story = {
  args: { poll: counted(poll(), [0]) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    const results = canvas.getByRole('list', { name: 'Poll results' });
    await expect(results).toHaveTextContent('48%Tabs, your choice');
    await expect(canvas.getByText('129 votes · 2 days left')).toBeVisible();
  },
};

/** Once it ends everyone sees the results, "Final results", and nobody can vote. */
export const Ended: Story = {
  args: {
    poll: counted(poll({ expires_at: '2026-06-14T12:00:00Z', expired: true })),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('128 votes · Final results')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.queryByText(', your choice')).toBeNull();
  },
};

/** Its author sees the counts (the server sends them) and no choices. */
export const AuthorsView: Story = {
  args: { poll: counted(poll()) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Poll results' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Multiple choice: tick, then Vote; the Vote button waits for a tick. */
export const MultipleChoice: Story = {
  args: { poll: poll({ multiple: true, voters_count: 90 }) },
  play: async ({ args, canvas, userEvent }) => {
    const vote = canvas.getByRole('button', { name: 'Vote' });
    await expect(vote).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Whatever the formatter says' }));
    // The keyboard ticks too: Space on a focused checkbox.
    canvas.getByRole('checkbox', { name: 'Tabs' }).focus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('checkbox', { name: 'Tabs' })).toBeChecked();
    await userEvent.click(vote);
    await expect(args.onVote).toHaveBeenCalledWith([0, 2]);
    await expect(await canvas.findByText('91 people · 2 days left')).toBeVisible();
  },
};

const longOptions = poll({
  options: [
    {
      title: 'A very long option that says a great deal more than fits on a line',
      votes_count: 12,
    },
    { title: 'Supercalifragilisticexpialidociousandthensomemorewithoutspaces', votes_count: 30 },
    { title: 'Short', votes_count: 0 },
  ],
  votes_count: 42,
  voters_count: 42,
  voted: true,
  own_votes: [1],
});

/** Long option texts wrap, in the choices and in the results alike. */
export const LongOptions: Story = {
  args: { poll: longOptions },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('71%')).toBeVisible();
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
  },
};

export const LongOptionsOpen: Story = {
  args: {
    poll: poll({
      options: longOptions.options.map((option) => ({ ...option, votes_count: null })),
    }),
  },
  play: async ({ canvasElement }) => {
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
  },
};

/** A vote the server refused: its message under the poll, announced. */
export const VoteFailed: Story = {
  args: { error: 'This poll has ended.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('This poll has ended.');
  },
};

/** Signed out or read-only: the options as a list, nothing to press. */
export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Poll options' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Phone: Story = {
  args: { poll: longOptions },
  globals: { viewport: { value: 'phone' } },
};

export const Dark: Story = {
  args: { poll: counted(poll(), [2]) },
  globals: { theme: 'dark' },
};
