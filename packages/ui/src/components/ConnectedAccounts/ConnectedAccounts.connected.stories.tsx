import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  createMockApi,
  MOCK_OIDC_ACCOUNTS,
  MOCK_OIDC_PROVIDER,
  MOCK_VIEWER,
  type MockOidcAnswer,
} from '@whisp/api-client/mocks';
import { expect, screen, within } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedIdentities } from '../../stories/connectedIdentities.js';

const api = createMockApi({ seed: 1 });
const { id: PROVIDER, name: PROVIDER_NAME } = MOCK_OIDC_PROVIDER;

/** The seeded network again, with the provider answering as `account`. */
function freshNetwork(answer: MockOidcAnswer) {
  api.setScenario('empty');
  api.setScenario('default');
  api.store.answerOidcAs(PROVIDER, answer);
}

const meta = {
  title: 'Components/ConnectedAccounts/Connected',
  component: ConnectedIdentities,
  parameters: { msw: { handlers: api.handlers } },
  decorators: [
    (Story) => (
      <ApiProviders>
        <div style={{ maxWidth: 600 }}>
          <Story />
        </div>
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedIdentities>;

export default meta;
type Story = StoryObj<typeof meta>;

const listOf = (canvas: { findByRole: typeof screen.findByRole }) =>
  canvas.findByRole('list', { name: 'Connected accounts' }, { timeout: 10_000 });

/** Connect comes back to Settings connected; Disconnect takes it away again. */
export const ConnectAndDisconnect: Story = {
  beforeEach: () => freshNetwork({ account: MOCK_OIDC_ACCOUNTS.viewer }),
  play: async ({ canvas, userEvent }) => {
    const list = await listOf(canvas);
    await expect(within(list).getByRole('listitem')).toHaveTextContent('Not connected');
    await userEvent.click(canvas.getByRole('button', { name: `Connect ${PROVIDER_NAME}` }));
    await expect(await screen.findByText(`${PROVIDER_NAME} connected`)).toBeInTheDocument();
    const disconnect = await canvas.findByRole('button', { name: `Disconnect ${PROVIDER_NAME}` });
    await expect(within(list).getByRole('listitem')).toHaveTextContent('Connected now');
    await userEvent.click(disconnect);
    await expect(await screen.findByText(`${PROVIDER_NAME} disconnected`)).toBeInTheDocument();
    await expect(
      await canvas.findByRole('button', { name: `Connect ${PROVIDER_NAME}` }),
    ).toBeVisible();
  },
};

/** A member without a password keeps their only way in, and is told why. */
export const LastWayToSignIn: Story = {
  beforeEach: () => {
    freshNetwork({ account: MOCK_OIDC_ACCOUNTS.viewer });
    const viewer = api.store.data.users.find((user) => user.id === MOCK_VIEWER.id);
    if (viewer) viewer.password = '';
    api.store.linkOidcAccount(MOCK_VIEWER.id, PROVIDER, MOCK_OIDC_ACCOUNTS.viewer.subject);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole(
        'button',
        { name: `Disconnect ${PROVIDER_NAME}` },
        { timeout: 10_000 },
      ),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This is your only way to sign in. Set a password or connect another account before disconnecting it.',
    );
    await expect(canvas.getByRole('button', { name: `Disconnect ${PROVIDER_NAME}` })).toBeVisible();
  },
};

/** The provider's account is already another member's: nothing is linked, and the toast says so. */
export const AnotherMembersAccount: Story = {
  beforeEach: () => {
    freshNetwork({ account: MOCK_OIDC_ACCOUNTS.newMember });
    const other = api.store.data.users.find((user) => user.id !== MOCK_VIEWER.id);
    if (other) api.store.linkOidcAccount(other.id, PROVIDER, MOCK_OIDC_ACCOUNTS.newMember.subject);
  },
  play: async ({ canvas, userEvent }) => {
    await listOf(canvas);
    await userEvent.click(canvas.getByRole('button', { name: `Connect ${PROVIDER_NAME}` }));
    await expect(
      await screen.findByText(
        `This ${PROVIDER_NAME} account is already connected to another member.`,
      ),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: `Connect ${PROVIDER_NAME}` })).toBeVisible();
  },
};

/** The provider does not answer: Connect says so at once, and the browser stays. */
export const ProviderDown: Story = {
  beforeEach: () => freshNetwork({ failure: 'oidcProviderDown' }),
  play: async ({ canvas, userEvent }) => {
    await listOf(canvas);
    await userEvent.click(canvas.getByRole('button', { name: `Connect ${PROVIDER_NAME}` }));
    await expect(
      await screen.findByText(
        `${PROVIDER_NAME} is not answering right now. Please try again later.`,
      ),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'slow', delayMs: 1e9 }).handlers } },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'error' }).handlers } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toBeVisible();
  },
};
