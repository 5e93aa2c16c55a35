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

/**
 * A tap neither shows the tooltip nor mounts it (the focus a tap gives is not a keyboard's); the
 * keyboard still shows it afterwards.
 */
export const KeyboardFocusAfterATap: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Whisper' });
    await userEvent.pointer({ keys: '[TouchA]', target: button });
    await expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(button).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Posts as yourself');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

/** Open from the start, for designers checking its look in both themes (`defaultOpen`). */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const tooltip = await screen.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Posts as yourself');
    await waitFor(() => expect(getComputedStyle(tooltip).opacity).toBe('1'));
  },
};
