import type { Meta, StoryObj } from '@storybook/react-vite';
import { ACCOUNT_DATA_MESSAGES } from '@whisp/api-client/contract';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { createMockApi, MOCK_CREDENTIALS } from '@whisp/api-client/mocks';
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
