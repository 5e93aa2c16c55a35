import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Tooltip } from './Tooltip.js';

const meta = {
  title: 'Primitives/Tooltip',
  component: Tooltip,
  args: { content: 'Posts as yourself', children: <Button>Whisper</Button> },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.hover(canvas.getByRole('button', { name: 'Whisper' }));
    const tooltip = await screen.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Posts as yourself');
    await waitFor(() => expect(getComputedStyle(tooltip).opacity).toBe('1'));
  },
};

export const OnKeyboardFocus: Story = {
  play: async ({ userEvent }) => {
    await userEvent.tab();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Posts as yourself');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};
