import type { Meta, StoryObj } from '@storybook/react-vite';
import { ACCOUNT_MESSAGES } from '@whisp/api-client/contract';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { createMockApi, MOCK_CREDENTIALS, MOCK_VIEWER } from '@whisp/api-client/mocks';
import { expect, waitFor } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedPasswordChange } from '../../stories/connectedAccount.js';

const api = createMockApi({ seed: 1 });

const meta = {
  title: 'Components/PasswordChangeForm/Connected',
  component: ConnectedPasswordChange,
  decorators: [
    (Story) => (
      <ApiProviders>
        <Story />
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedPasswordChange>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A wrong current password is refused under its field; the right one changes it. */
export const ChangeThroughTheApi: Story = {
  parameters: { msw: { handlers: api.handlers } },
  beforeEach: () => {
    api.setScenario('empty');
    api.setScenario('default');
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Current password'), 'not-the-password');
    await userEvent.type(canvas.getByLabelText('New password'), 'a-new-password');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'a-new-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByText(ERRORS.wrongPassword.message)).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Current password'));
    await userEvent.type(canvas.getByLabelText('Current password'), MOCK_CREDENTIALS.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      ACCOUNT_MESSAGES.passwordChanged,
    );
  },
};

/**
 * The viewer without a password (signed up with another account) sets one without a current
 * one; from then on the form asks for it.
 */
export const SetThroughTheApi: Story = {
  parameters: { msw: { handlers: api.handlers } },
  beforeEach: () => {
    api.setScenario('empty');
    api.setScenario('default');
    const viewer = api.store.data.users.find((user) => user.id === MOCK_VIEWER.id);
    if (viewer) viewer.password = '';
  },
  play: async ({ canvas, userEvent }) => {
    const setButton = await canvas.findByRole('button', { name: 'Set password' });
    await expect(canvas.queryByLabelText('Current password')).toBeNull();
    await userEvent.type(canvas.getByLabelText('New password'), 'a-new-password');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'a-new-password');
    await userEvent.click(setButton);
    await waitFor(() => expect(canvas.getByLabelText('Current password')).toBeVisible());
    await expect(canvas.getByRole('button', { name: 'Change password' })).toBeVisible();
  },
};
