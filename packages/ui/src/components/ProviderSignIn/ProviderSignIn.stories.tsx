import type { Meta, StoryObj } from '@storybook/react-vite';
import { errorMessage } from '@whisp/api-client/contract/errors';
import { VALIDATION_MESSAGES } from '@whisp/api-client/validation';
import { expect, fn } from 'storybook/test';
import { ProviderSignIn } from './ProviderSignIn.js';

const meta = {
  title: 'Components/ProviderSignIn',
  component: ProviderSignIn,
  args: { step: 'working', onSubmitUsername: fn(), onBackToSignIn: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof ProviderSignIn>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Back from the provider, while the sign-in is finished. */
export const Working: Story = {
  args: { providerName: 'Keycloak' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Signing you in' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Signing you in');
    await expect(canvas.queryByRole('button', { name: 'Back to sign in' })).toBeNull();
  },
};

/**
 * A new member whose name at the provider is taken: the free username offered is filled in, the
 * sign-up rules apply to what they type, and Create account sends it.
 */
export const ChooseUsername: Story = {
  args: {
    step: 'username',
    providerName: 'Keycloak',
    message: errorMessage('oidcUsernameNeeded'),
    suggestedUsername: 'robin_2',
    displayName: 'Robin Elsewhere',
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(
      canvas.getByText('Choose a username to finish creating your account.'),
    ).toBeVisible();
    await expect(
      canvas.getByText('You’re joining Whisp as Robin Elsewhere with Keycloak.'),
    ).toBeVisible();
    const field = canvas.getByRole('textbox', { name: 'Username' });
    await expect(field).toHaveValue('robin_2');
    await userEvent.clear(field);
    await userEvent.type(field, 'robin elsewhere');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(field).toHaveAccessibleDescription(VALIDATION_MESSAGES.usernameInvalid);
    await expect(args.onSubmitUsername).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, 'robin_elsewhere');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(args.onSubmitUsername).toHaveBeenCalledWith('robin_elsewhere');
  },
};

/** The server refused the chosen name: its words under the field, gone once it is edited. */
export const UsernameTaken: Story = {
  args: {
    step: 'username',
    message: errorMessage('oidcUsernameNeeded'),
    suggestedUsername: null,
    usernameError: errorMessage('usernameTaken'),
  },
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Username' });
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription('That username is already taken');
    await userEvent.type(field, 'x');
    await expect(canvas.queryByText('That username is already taken')).toBeNull();
  },
};

/** The provider's sign-in did not work: the reason, and the way back. */
export const Failed: Story = {
  args: {
    step: 'failed',
    providerName: 'Keycloak',
    message: errorMessage('oidcCancelled', 'Keycloak'),
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Signing in with Keycloak was cancelled or refused.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Back to sign in' }));
    await expect(args.onBackToSignIn).toHaveBeenCalled();
  },
};

/** On a phone: the email refusal is the longest message, and it wraps inside the card. */
export const FailedOnPhone: Story = {
  args: {
    step: 'failed',
    providerName: 'Example Corporation Single Sign-On',
    message: errorMessage('oidcEmailInUse', 'Example Corporation Single Sign-On'),
  },
  globals: { viewport: { value: 'phone' } },
};

export const ChooseUsernameOnPhone: Story = {
  args: { ...ChooseUsername.args, step: 'username' },
  globals: { viewport: { value: 'phone' } },
};
