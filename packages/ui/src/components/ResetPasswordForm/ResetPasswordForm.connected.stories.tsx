import type { Meta, StoryObj } from '@storybook/react-vite';
import { ACCOUNT_MESSAGES } from '@whisp/api-client/contract';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { createMockApi, MOCK_CREDENTIALS } from '@whisp/api-client/mocks';
import { expect } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedResetPassword } from '../../stories/connectedAccount.js';

const api = createMockApi({ seed: 1 });

/** The token of the newest reset link the mocks "mailed" (they keep mail in data.outbox). */
function mailedToken(): string {
  api.store.requestPasswordReset(MOCK_CREDENTIALS.email);
  const link = api.store.data.outbox.at(-1)?.link ?? '';
  return new URL(link, 'http://localhost').searchParams.get('token') ?? '';
}

const meta = {
  title: 'Components/ResetPasswordForm/Connected',
  component: ConnectedResetPassword,
  args: { token: '' },
  parameters: { layout: 'centered', msw: { handlers: api.handlers } },
  decorators: [
    (Story) => (
      <ApiProviders>
        <Story />
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedResetPassword>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The mailed link sets the new password once; the same link again is refused. */
export const ResetThroughTheApi: Story = {
  // Reset and mailed in the loader: loaders run before beforeEach, which would void the link.
  loaders: [
    () => {
      api.setScenario('empty');
      api.setScenario('default');
      return { token: mailedToken() };
    },
  ],
  render: (_args, { loaded }) => <ConnectedResetPassword token={loaded.token as string} />,
  play: async ({ canvas, userEvent }) => {
    const setPassword = async () => {
      await userEvent.type(canvas.getByLabelText('New password'), 'a-new-password');
      await userEvent.type(canvas.getByLabelText('Confirm new password'), 'a-new-password');
      await userEvent.click(canvas.getByRole('button', { name: 'Set new password' }));
    };
    await setPassword();
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      ACCOUNT_MESSAGES.passwordReset,
    );
    await userEvent.clear(canvas.getByLabelText('New password'));
    await userEvent.clear(canvas.getByLabelText('Confirm new password'));
    await setPassword();
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      ERRORS.resetTokenInvalid.message,
    );
    await expect(canvas.getByRole('button', { name: 'Request a new link' })).toBeVisible();
  },
};

/** A made-up token: the server's words at the first try. */
export const UnknownLink: Story = {
  args: { token: 'not-a-real-token' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('New password'), 'a-new-password');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'a-new-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Set new password' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      ERRORS.resetTokenInvalid.message,
    );
  },
};
