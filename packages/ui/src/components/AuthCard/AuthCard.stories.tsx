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

const providers = [
  { id: 'keycloak', name: 'Keycloak', href: '/api/auth/oidc/keycloak/start' },
  { id: 'gitlab', name: 'GitLab', href: '/api/auth/oidc/gitlab/start' },
];

/**
 * Providers the server offers: one "Continue with" link each under the email form, which opens
 * the provider's sign-in as a page. Signing up offers them too; resetting a password does not.
 */
export const WithProviders: Story = {
  args: { providers },
  play: async ({ canvas, userEvent }) => {
    const list = canvas.getByRole('list', { name: 'Other ways to sign in' });
    const keycloak = canvas.getByRole('link', { name: 'Continue with Keycloak' });
    await expect(keycloak).toHaveAttribute('href', '/api/auth/oidc/keycloak/start');
    await expect(canvas.getByRole('link', { name: 'Continue with GitLab' })).toBeVisible();
    // Under the email form, not above it.
    const form = canvas.getByRole('button', { name: 'Sign in' }).closest('form');
    await expect(form?.compareDocumentPosition(list)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await userEvent.click(canvas.getByRole('button', { name: 'Create an account' }));
    await expect(canvas.getByRole('link', { name: 'Continue with Keycloak' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Forgot password?' }));
    await expect(canvas.queryByRole('list', { name: 'Other ways to sign in' })).toBeNull();
  },
};

/** No provider configured: nothing is added to the card. */
export const WithoutProviders: Story = {
  args: { providers: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('list', { name: 'Other ways to sign in' })).toBeNull();
    await expect(canvas.queryByText('or')).toBeNull();
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
  },
};

/** On a phone each provider's button takes the card's width, a finger's target high. */
export const ProvidersOnPhone: Story = {
  args: {
    providers: [
      ...providers,
      {
        id: 'company',
        name: 'Example Corporation Single Sign-On',
        href: '/api/auth/oidc/company/start',
      },
    ],
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', {
      name: 'Continue with Example Corporation Single Sign-On',
    });
    await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    // A long name wraps inside the card.
    const card = canvas.getByRole('region', { name: 'Sign in to Whisp' });
    await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(
      card.getBoundingClientRect().right,
    );
  },
};
