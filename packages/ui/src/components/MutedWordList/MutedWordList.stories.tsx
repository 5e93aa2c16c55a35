import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MutedWord } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { MUTED_WORD_MAX_LENGTH, MUTED_WORDS_MAX } from '@whisp/api-client/contract/limits';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { minutesAgo } from '../../stories/fixtures.js';
import { MutedWordList, type MutedWordListProps } from './MutedWordList.js';

const mutedWord = (word: string, index: number): MutedWord => ({
  id: `w-${index}`,
  word,
  created_at: minutesAgo(index * 60),
});
const someWords = ['spoilers', '#crypto', 'hot take'].map(mutedWord);

/** Adds and removes locally, as the app's mutations would once the server agrees. */
function LocalList(args: MutedWordListProps) {
  const [words, setWords] = useState(args.words);
  return (
    <div style={{ maxWidth: 600 }}>
      <MutedWordList
        {...args}
        words={words}
        onAdd={async (word) => {
          await args.onAdd(word);
          setWords((list) => [mutedWord(word, list.length + 100), ...list]);
        }}
        onRemove={(word) => {
          args.onRemove(word);
          setWords((list) => list.filter((entry) => entry.id !== word.id));
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Safety/MutedWordList',
  component: MutedWordList,
  render: LocalList,
  args: { words: someWords, onAdd: fn(), onRemove: fn(), onRetry: fn() },
} satisfies Meta<typeof MutedWordList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Add a word (trimmed, spaces as one) and remove another. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Word, phrase or #hashtag' });
    await userEvent.type(field, '  season   finale {Enter}');
    await expect(args.onAdd).toHaveBeenCalledWith('season finale');
    await expect(await canvas.findByText('season finale')).toBeVisible();
    await expect(field).toHaveValue('');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove muted word #crypto' }));
    await expect(args.onRemove).toHaveBeenCalledWith(someWords[1]);
    await waitFor(() => expect(canvas.queryByText('#crypto')).toBeNull());
  },
};

/** Nothing typed: the contract's message, and nothing sent. */
export const EmptyWord: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Mute word' }));
    await expect(await canvas.findByText(ERRORS.mutedWordEmpty.message)).toBeVisible();
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

export const WordTooLong: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('textbox', { name: 'Word, phrase or #hashtag' }));
    await userEvent.paste('a'.repeat(MUTED_WORD_MAX_LENGTH + 1));
    await expect(await canvas.findByText(ERRORS.mutedWordTooLong.message)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Mute word' })).toBeDisabled();
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** At the limit of 200 words: the limit is said, and adding waits for a removal. */
export const AtTheLimit: Story = {
  args: {
    words: Array.from({ length: MUTED_WORDS_MAX }, (_, index) => mutedWord(`word${index}`, index)),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(ERRORS.tooManyMutedWords.message)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Mute word' })).toBeDisabled();
    await expect(
      canvas.getByText(`${MUTED_WORDS_MAX} of ${MUTED_WORDS_MAX} muted words`),
    ).toBeVisible();
  },
};

/** The server refuses: its message under the field, and the draft stays. */
export const AddFails: Story = {
  args: { onAdd: fn(async () => Promise.reject(new Error(ERRORS.tooManyMutedWords.message))) },
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Word, phrase or #hashtag' });
    await userEvent.type(field, 'spoilers again{Enter}');
    await expect(await canvas.findByText(ERRORS.tooManyMutedWords.message)).toBeVisible();
    await expect(field).toHaveValue('spoilers again');
  },
};

export const Empty: Story = {
  args: { words: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You have not muted any words.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading muted words' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { status: 'error' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Long phrases wrap inside their chip. */
export const LongWords: Story = {
  args: {
    words: [
      'a phrase that somebody really did not want to read about ever again in any feed at all',
      'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen',
      '#averyveryverylonghashtagthatkeepsgoing',
    ].map(mutedWord),
  },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
