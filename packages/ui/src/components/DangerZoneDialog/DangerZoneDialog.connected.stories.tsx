import type { Meta, StoryObj } from '@storybook/react-vite';
import { ACCOUNT_DATA_MESSAGES } from '@whisp/api-client/contract';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { createMockApi, MOCK_CREDENTIALS, MOCK_VIEWER } from '@whisp/api-client/mocks';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedDeleteAccount } from '../../stories/connectedAccount.js';

const api = createMockApi({ seed: 1 });

const meta = {
  title: 'Components/DangerZoneDialog/Connected',
  component: ConnectedDeleteAccount,
  args: { onDeleted: fn() },
  decorators: [
    (Story) => (
      <ApiProviders>
        <Story />
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedDeleteAccount>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A wrong password is the mocks' WRONG_PASSWORD under the field; the right one deletes. */
export const DeleteThroughTheApi: Story = {
  parameters: { msw: { handlers: api.handlers } },
  beforeEach: () => {
    api.setScenario('empty');
    api.setScenario('default');
  },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Password');
    await userEvent.type(password, 'not-the-password{Enter}');
    await expect(await within(dialog).findByText(ERRORS.wrongPassword.message)).toBeVisible();
    await expect(args.onDeleted).not.toHaveBeenCalled();
    await userEvent.clear(password);
    await userEvent.type(password, `${MOCK_CREDENTIALS.password}{Enter}`);
    await waitFor(() =>
      expect(args.onDeleted).toHaveBeenCalledWith(ACCOUNT_DATA_MESSAGES.accountDeleted),
    );
  },
};

/**
 * The viewer without a password (signed up with another account): their username, in any case,
 * deletes; another is the mocks' WRONG_USERNAME under the field.
 */
export const DeleteWithUsernameThroughTheApi: Story = {
  parameters: { msw: { handlers: api.handlers } },
  beforeEach: () => {
    api.setScenario('empty');
    api.setScenario('default');
    const viewer = api.store.data.users.find((user) => user.id === MOCK_VIEWER.id);
    if (viewer) viewer.password = '';
  },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const username = await within(dialog).findByLabelText('Type your username to confirm');
    await waitFor(() => expect(username).toHaveFocus());
    await userEvent.type(username, 'someone_else{Enter}');
    await expect(await within(dialog).findByText(ERRORS.wrongUsername.message)).toBeVisible();
    await expect(args.onDeleted).not.toHaveBeenCalled();
    await userEvent.clear(username);
    await userEvent.type(username, `${MOCK_VIEWER.username.toUpperCase()}{Enter}`);
    await waitFor(() =>
      expect(args.onDeleted).toHaveBeenCalledWith(ACCOUNT_DATA_MESSAGES.accountDeleted),
    );
  },
};
