import type { Meta, StoryObj } from '@storybook/react-vite';
import { errorMessage } from '@whisp/api-client/contract/errors';
import { CONTENT_WARNING_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { ContentWarningField, type ContentWarningFieldProps } from './ContentWarningField.js';

function ContentWarningDemo(args: ContentWarningFieldProps) {
  const [value, setValue] = useState(args.value);
  return (
    <div style={{ maxWidth: 560 }}>
      <ContentWarningField
        {...args}
        value={value}
        onValueChange={(next) => {
          args.onValueChange(next);
          setValue(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Composer/ContentWarningField',
  component: ContentWarningField,
  args: { value: '', onValueChange: fn() },
  render: (args) => <ContentWarningDemo {...args} />,
} satisfies Meta<typeof ContentWarningField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Labelled "Content warning", with a counter against its limit of 100. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Content warning' });
    await userEvent.type(field, 'Spoilers');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('Spoilers');
    await expect(canvas.getByText(`8 / ${CONTENT_WARNING_MAX_LENGTH}`)).toBeVisible();
  },
};

/** Over the limit: the counter turns red and the composer's check says why. */
export const TooLong: Story = {
  args: {
    value: 'x'.repeat(CONTENT_WARNING_MAX_LENGTH + 5),
    error: errorMessage('contentWarningTooLong'),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      `Content warnings can be at most ${CONTENT_WARNING_MAX_LENGTH} characters`,
    );
    await expect(canvas.getByRole('textbox', { name: 'Content warning' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** The dark theme, on a phone. */
export const DarkPhone: Story = {
  globals: { theme: 'dark', viewport: { value: 'phone' } },
  args: { value: 'Election news' },
};
