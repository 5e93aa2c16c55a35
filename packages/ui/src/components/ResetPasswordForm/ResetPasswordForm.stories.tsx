import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { VALIDATION_MESSAGES } from '@whisp/api-client/validation';
import { expect, fn } from 'storybook/test';
import { ResetPasswordForm } from './ResetPasswordForm.js';

const meta = {
  title: 'Components/ResetPasswordForm',
  component: ResetPasswordForm,
  args: { onSubmit: fn(), onRequestNewLink: fn(), onSignIn: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof ResetPasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The new password twice, with the sign-up rules and their messages. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('New password'), 'short');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'other');
    await userEvent.click(canvas.getByRole('button', { name: 'Set new password' }));
    await expect(canvas.getByText(VALIDATION_MESSAGES.passwordTooShort)).toBeVisible();
    await expect(canvas.getByText(VALIDATION_MESSAGES.passwordsDoNotMatch)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText('New password'));
    await userEvent.type(canvas.getByLabelText('New password'), 'a-new-password');
    await userEvent.clear(canvas.getByLabelText('Confirm new password'));
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'a-new-password{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('a-new-password');
  },
};

/** A used, expired or unknown link: the server's words and a way to ask for a new one. */
export const LinkInvalid: Story = {
  args: { linkInvalid: true, error: ERRORS.resetTokenInvalid.message },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(ERRORS.resetTokenInvalid.message);
    await expect(canvas.queryByLabelText('New password')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Request a new link' }));
    await expect(args.onRequestNewLink).toHaveBeenCalled();
  },
};

export const Submitting: Story = { args: { submitting: true } };

export const Failed: Story = { args: { error: ERRORS.internal.message } };

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
