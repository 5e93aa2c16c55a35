import type { Meta, StoryObj } from '@storybook/react-vite';
import { BIO_MAX_LENGTH } from '@whisp/api-client/limits';
import { VALIDATION_MESSAGES } from '@whisp/api-client/validation';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { BIO_COUNTER_WARNING_LENGTH } from '../../constants.js';
import { TextArea, type TextAreaProps } from './TextArea.js';

function ControlledArea(props: TextAreaProps) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <div style={{ maxWidth: 480 }}>
      <TextArea {...props} value={value} onChange={(e) => setValue(e.target.value)} />
    </div>
  );
}

const meta = {
  title: 'Primitives/TextArea',
  component: TextArea,
  render: ControlledArea,
  args: {
    label: 'Bio',
    maxLength: BIO_MAX_LENGTH,
    counterWarningAbove: BIO_COUNTER_WARNING_LENGTH,
    value: 'Poet of numbers.',
  },
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The counter counts what a person sees: an emoji is one character. */
export const Playground: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Bio' });
    await userEvent.clear(input);
    await userEvent.type(input, 'hi 👋');
    await expect(canvas.getByText(/^4 \/ 160/)).toBeVisible();
  },
};

export const NearTheLimit: Story = {
  args: { value: 'x'.repeat(150) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/150 \/ 160/)).toHaveAttribute('data-state', 'warning');
  },
};

export const OverTheLimit: Story = {
  args: { value: 'x'.repeat(170), error: VALIDATION_MESSAGES.bioTooLong },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Bio' })).toBeInvalid();
    await expect(canvas.getByText(/170 \/ 160/)).toHaveAttribute('data-state', 'over');
  },
};
