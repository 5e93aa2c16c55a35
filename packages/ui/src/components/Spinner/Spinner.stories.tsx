import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { spinnerSizes } from './Spinner.css.js';
import { Spinner } from './Spinner.js';

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  args: { label: 'Loading whisps' },
  argTypes: { size: { control: 'inline-radio', options: spinnerSizes } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    // A status region: screen readers announce its (visually hidden) label.
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading whisps');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
      {spinnerSizes.map((size) => (
        <Spinner key={size} {...args} size={size} label={`Loading (${size})`} />
      ))}
    </div>
  ),
};

/** Inside something that already announces it is busy, the spinner is only decoration. */
export const Decorative: Story = {
  args: { decorative: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.queryByText('Loading whisps')).toBeNull();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: Sizes.render,
};
