import type { Meta, StoryObj } from '@storybook/react-vite';
import { errorMessage } from '@whisp/api-client/contract/errors';
import {
  POLL_DURATION_DEFAULT_SECONDS,
  POLL_OPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
} from '@whisp/api-client/contract/limits';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { PollEditor, type PollEditorProps } from './PollEditor.js';
import { newPollDraft } from './pollDraft.js';

/** The poll kept in the story, as the composer keeps it in its draft. */
function PollEditorDemo(args: PollEditorProps) {
  const [poll, setPoll] = useState(args.value);
  return (
    <div style={{ maxWidth: 560 }}>
      <PollEditor
        {...args}
        value={poll}
        onValueChange={(next) => {
          args.onValueChange(next);
          setPoll(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Composer/PollEditor',
  component: PollEditor,
  args: { value: newPollDraft(), onValueChange: fn(), onRemove: fn() },
  render: (args) => <PollEditorDemo {...args} />,
} satisfies Meta<typeof PollEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two options to start, one day, one choice; every change reaches `onValueChange`. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getAllByRole('textbox')).toHaveLength(2);
    await expect(canvas.getByRole('combobox', { name: 'Poll length' })).toHaveValue(
      String(POLL_DURATION_DEFAULT_SECONDS),
    );
    await userEvent.type(canvas.getByRole('textbox', { name: 'Option 1' }), 'Tea');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Option 2' }), 'Coffee');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Poll length' }), '3 days');
    await userEvent.click(canvas.getByRole('switch', { name: 'Multiple choice' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith({
      options: ['Tea', 'Coffee'],
      expiresIn: 3 * 86_400,
      multiple: true,
    });
  },
};

/** Durations read as people say them, from 5 minutes to 7 days. */
export const Durations: Story = {
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Poll length' });
    await expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5 minutes', '30 minutes', '1 hour', '6 hours', '1 day', '3 days', '7 days']);
  },
};

/**
 * Up to four options: "Add an option" focuses the new one and leaves at four; each option past
 * two has a remove button.
 */
export const AddAndRemoveOptions: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('button', { name: /Remove option/ })).toBeNull();
    for (let count = 3; count <= POLL_OPTIONS_MAX; count++) {
      await userEvent.click(canvas.getByRole('button', { name: 'Add an option' }));
      await waitFor(() =>
        expect(canvas.getByRole('textbox', { name: `Option ${count}` })).toHaveFocus(),
      );
    }
    await expect(canvas.queryByRole('button', { name: 'Add an option' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove option 4' }));
    await expect(canvas.getAllByRole('textbox')).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Add an option' })).toBeVisible();
  },
};

/** Each option counts its characters against the limit of 50. */
export const OptionCounter: Story = {
  args: { value: { ...newPollDraft(), options: ['x'.repeat(POLL_OPTION_MAX_LENGTH + 2), 'No'] } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(`${POLL_OPTION_MAX_LENGTH + 2} / ${POLL_OPTION_MAX_LENGTH}`),
    ).toHaveAttribute('data-state', 'over');
  },
};

/** The composer's check, in the contract's words. */
export const WithError: Story = {
  args: {
    value: { ...newPollDraft(), options: ['Yes', 'yes'] },
    error: errorMessage('pollOptionsRepeat'),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Poll options must all be different');
  },
};

/** "Remove poll". */
export const Remove: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Remove poll' }));
    await expect(args.onRemove).toHaveBeenCalledOnce();
  },
};

/** Four options and several choices, on a phone. */
export const FullOnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: {
    value: { options: ['Tea', 'Coffee', 'Water', 'Juice'], expiresIn: 3600, multiple: true },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Multiple choice' })).toBeChecked();
    await expect(canvas.getAllByRole('button', { name: /Remove option/ })).toHaveLength(4);
  },
};

/** The dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { value: { options: ['Tea', 'Coffee'], expiresIn: 300, multiple: false } },
};
