import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { VALIDATION_MESSAGES } from '@whisp/api-client/validation';
import { expect, fn } from 'storybook/test';
import { PasswordChangeForm } from './PasswordChangeForm.js';

const meta = {
  title: 'Components/PasswordChangeForm',
  component: PasswordChangeForm,
  args: { onSubmit: fn() },
} satisfies Meta<typeof PasswordChangeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The sign-up rules for the new password; the values go out once they pass. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(canvas.getByLabelText('Current password')).toHaveAccessibleDescription(
      VALIDATION_MESSAGES.passwordRequired,
    );
    await expect(canvas.getByText(VALIDATION_MESSAGES.confirmPasswordRequired)).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Current password'), 'old-password');
    await userEvent.type(canvas.getByLabelText('New password'), 'short');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'shorter');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(canvas.getByText(VALIDATION_MESSAGES.passwordTooShort)).toBeVisible();
    await expect(canvas.getByText(VALIDATION_MESSAGES.passwordsDoNotMatch)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText('New password'));
    await userEvent.type(canvas.getByLabelText('New password'), 'a-new-password');
    await userEvent.clear(canvas.getByLabelText('Confirm new password'));
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'a-new-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      currentPassword: 'old-password',
      newPassword: 'a-new-password',
    });
  },
};

/** The server refused the current password: its message sits under that field. */
export const WrongCurrentPassword: Story = {
  args: { fieldErrors: { currentPassword: ERRORS.wrongPassword.message } },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText(ERRORS.wrongPassword.message)).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Current password'), 'x');
    await expect(canvas.queryByText(ERRORS.wrongPassword.message)).toBeNull();
  },
};

export const Changed: Story = {
  args: { notice: 'Your password has been changed.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Your password has been changed.');
  },
};

export const Failed: Story = { args: { error: ERRORS.tooManyWrongPasswords.message } };

export const Submitting: Story = { args: { submitting: true } };

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: { fieldErrors: { currentPassword: ERRORS.wrongPassword.message } },
};

/**
 * A member without a password (they signed up with another account) sets one: no current
 * password to give, the new one twice.
 */
export const SetAPassword: Story = {
  args: { hasPassword: false },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByLabelText('Current password')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Set password' }));
    await expect(canvas.getByLabelText('New password')).toHaveAccessibleDescription(
      VALIDATION_MESSAGES.passwordRequired,
    );
    await userEvent.type(canvas.getByLabelText('New password'), 'a-new-password');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'a-new-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Set password' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      currentPassword: '',
      newPassword: 'a-new-password',
    });
  },
};

export const SetAPasswordOnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: { hasPassword: false },
};
