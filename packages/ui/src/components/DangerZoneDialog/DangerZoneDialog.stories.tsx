import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { VALIDATION_MESSAGES } from '@whisp/api-client/validation';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { DangerZoneDialog } from './DangerZoneDialog.js';

const meta = {
  title: 'Components/DangerZoneDialog',
  component: DangerZoneDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    title: 'Delete your account?',
    description:
      'Your account is deleted at once and for good. Download your data first if you want to keep it.',
    consequences: [
      'Your profile, whisps and replies',
      'Your likes, rewhisps and bookmarks',
      'Your followers and the people you follow',
      'Your messages and notifications',
      'Your photos and videos',
    ],
    confirmLabel: 'Delete account',
  },
} satisfies Meta<typeof DangerZoneDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The password is asked for before anything happens; an empty one gets the sign-in message. */
export const Playground: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await expect(within(dialog).getByRole('list', { name: 'You will lose:' })).toBeInTheDocument();
    await expect(within(dialog).getAllByRole('listitem')).toHaveLength(5);
    const password = within(dialog).getByLabelText('Password');
    await expect(password).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    // The dialog fades in as it opens; on a busy machine that may not have finished yet.
    await waitFor(() =>
      expect(within(dialog).getByText(VALIDATION_MESSAGES.passwordRequired)).toBeVisible(),
    );
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.type(password, 'correct-horse{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledWith('correct-horse');
  },
};

/** The server said the password is wrong: under the field, until it is edited. */
export const WrongPassword: Story = {
  args: { error: ERRORS.wrongPassword.message },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Password');
    await expect(password).toHaveAccessibleDescription(ERRORS.wrongPassword.message);
    await userEvent.type(password, 'x');
    await expect(within(dialog).queryByText(ERRORS.wrongPassword.message)).toBeNull();
  },
};

/** Any other failure (the network, a rate limit) shows above the form. */
export const FormError: Story = {
  args: { error: ERRORS.internal.message, errorField: 'form' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(ERRORS.internal.message);
  },
};

/** While it runs the dialog stays put: Escape and Cancel do nothing. */
export const Deleting: Story = {
  args: { pending: true },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await expect(within(dialog).getByRole('button', { name: 'Delete account' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };

/**
 * A member without a password (they signed up with another account) types their username
 * instead: a plain text field, checked for presence here and for being theirs by the server.
 */
export const ConfirmWithUsername: Story = {
  args: { confirmWith: 'username', usernameLabel: 'Type your username to confirm' },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const username = within(dialog).getByLabelText('Type your username to confirm');
    await expect(username).toHaveFocus();
    await expect(username).toHaveAttribute('type', 'text');
    await expect(within(dialog).queryByLabelText('Password')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(within(dialog).getByText(VALIDATION_MESSAGES.usernameRequired)).toBeVisible(),
    );
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.type(username, 'kit_no_mail{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledWith('kit_no_mail');
  },
};

/** The server said it is not their username: under the field, until it is edited. */
export const WrongUsername: Story = {
  args: {
    confirmWith: 'username',
    usernameLabel: 'Type your username to confirm',
    error: ERRORS.wrongUsername.message,
    errorField: 'field',
  },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const username = within(dialog).getByLabelText('Type your username to confirm');
    await expect(username).toHaveAccessibleDescription(ERRORS.wrongUsername.message);
    await userEvent.type(username, 'x');
    await expect(within(dialog).queryByText(ERRORS.wrongUsername.message)).toBeNull();
  },
};

export const ConfirmWithUsernameOnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: { confirmWith: 'username', usernameLabel: 'Type your username to confirm' },
};
