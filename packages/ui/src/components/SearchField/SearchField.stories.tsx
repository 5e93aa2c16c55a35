import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { SearchField } from './SearchField.js';

const meta = {
  title: 'Components/SearchField',
  component: SearchField,
  args: { onSearch: fn(), onSubmit: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 350 }}>{Story()}</div>],
} satisfies Meta<typeof SearchField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing searches once, 300 ms after the last key; Enter searches at once; ✕ clears. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('searchbox', { name: 'Search Whisp' });
    await userEvent.type(input, '#design');
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('#design'));
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('#design');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(input).toHaveValue('');
  },
};

export const WithValue: Story = { args: { defaultValue: 'ada' } };
