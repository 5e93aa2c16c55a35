import type { Meta, StoryObj } from '@storybook/react-vite';
import { VALIDATION_MESSAGES } from '@whisp/api-client/validation';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { TextField, type TextFieldProps } from './TextField.js';

function ControlledField(props: TextFieldProps) {
  const [value, setValue] = useState(String(props.defaultValue ?? ''));
  return (
    <div style={{ maxWidth: 360 }}>
      <TextField
        {...props}
        defaultValue={undefined}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
    </div>
  );
}

const meta = {
  title: 'Primitives/TextField',
  component: TextField,
  render: ControlledField,
  args: { label: 'Email', type: 'email', placeholder: 'you@example.com' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'ada@example.com');
    await expect(input).toHaveValue('ada@example.com');
  },
};

export const WithHint: Story = {
  args: { label: 'Username', hint: 'Letters, numbers and underscores', type: 'text' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      'Letters, numbers and underscores',
    );
  },
};

/** The error is tied to the field, marks it invalid and is announced. */
export const WithError: Story = {
  args: { error: VALIDATION_MESSAGES.emailInvalid, defaultValue: 'ada@' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(VALIDATION_MESSAGES.emailInvalid);
    await expect(canvas.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.emailInvalid);
  },
};

export const WithCounter: Story = {
  args: { label: 'Display name', type: 'text', maxLength: 50, defaultValue: 'Ada Lovelace' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/12 \/ 50/)).toBeVisible();
  },
};
