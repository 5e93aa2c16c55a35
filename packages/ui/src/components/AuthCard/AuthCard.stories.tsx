import type { Meta, StoryObj } from '@storybook/react-vite';
import { ACCOUNT_MESSAGES } from '@whisp/api-client/contract';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { VALIDATION_MESSAGES } from '@whisp/api-client/validation';
import { expect, fn } from 'storybook/test';
import { AuthCard } from './AuthCard.js';

const meta = {
  title: 'Components/AuthCard',
  component: AuthCard,
  args: { onSubmit: fn(), onModeChange: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof AuthCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sign in: empty fields get the spec's messages; a field's error clears when it is edited. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      VALIDATION_MESSAGES.emailRequired,
    );
    await expect(canvas.getByText(VALIDATION_MESSAGES.passwordRequired)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await expect(canvas.queryByText(VALIDATION_MESSAGES.emailRequired)).toBeNull();
    await userEvent.type(canvas.getByLabelText('Password'), 'secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      'login',
      expect.objectContaining({ email: 'ada@example.com', password: 'secret' }),
    );
  },
};

/** Sign up checks every field: address, length, match, username characters. */
export const SignupErrors: Story = {
  args: { defaultMode: 'signup' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Username' }), 'ada lovelace');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@');
    await userEvent.type(canvas.getByLabelText('Password'), 'short');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'shorter');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }));
    for (const message of [
      VALIDATION_MESSAGES.displayNameRequired,
      VALIDATION_MESSAGES.usernameInvalid,
      VALIDATION_MESSAGES.emailInvalid,
      VALIDATION_MESSAGES.passwordTooShort,
      VALIDATION_MESSAGES.passwordsDoNotMatch,
    ]) {
      await expect(canvas.getByText(message)).toBeVisible();
    }
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The three modes are switched by buttons. */
export const SwitchModes: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create an account' }));
    await expect(canvas.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(args.onModeChange).toHaveBeenCalledWith('signup');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Forgot password?' }));
    await expect(canvas.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(canvas.queryByLabelText('Password')).toBeNull();
  },
};

export const LoginFailed: Story = { args: { error: ERRORS.invalidCredentials.message } };

export const TakenUsername: Story = {
  args: { defaultMode: 'signup', fieldErrors: { username: 'That username is taken' } },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('That username is taken')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Username' }), 'x');
    await expect(canvas.queryByText('That username is taken')).toBeNull();
  },
};

export const Submitting: Story = { args: { submitting: true } };

/** After "Send reset link" the app shows the server's answer, the same whether or not the account exists. */
export const ResetSent: Story = {
  args: { notice: ACCOUNT_MESSAGES.passwordResetRequested },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'If an account exists for that email, we sent a link to reset its password.',
    );
  },
};

/** Back on sign-in after a reset or a deleted account: the server's message above the form. */
export const AfterPasswordReset: Story = { args: { notice: ACCOUNT_MESSAGES.passwordReset } };
