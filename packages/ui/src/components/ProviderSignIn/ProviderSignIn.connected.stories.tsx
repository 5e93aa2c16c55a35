import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  createMockApi,
  MOCK_OIDC_ACCOUNTS,
  MOCK_OIDC_PROVIDER,
  type MockOidcAnswer,
} from '@whisp/api-client/mocks';
import { expect } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedProviderSignIn } from '../../stories/connectedIdentities.js';

const api = createMockApi({ seed: 1 });
const { id: PROVIDER, name: PROVIDER_NAME } = MOCK_OIDC_PROVIDER;

/**
 * The seeded network, and a browser just back from the provider, which answered `answer`: the
 * address the start sent it to (`?error=…` for a failure, the ticket kept for an account).
 */
function backFromProvider(answer: MockOidcAnswer) {
  api.setScenario('empty');
  api.setScenario('default');
  api.store.answerOidcAs(PROVIDER, answer);
  return new URL(api.store.startOidcSignIn(PROVIDER), 'http://whisp.test').search;
}

let returnSearch = '';

const meta = {
  title: 'Components/ProviderSignIn/Connected',
  component: ConnectedProviderSignIn,
  parameters: { layout: 'centered', msw: { handlers: api.handlers } },
  // The address is read as the story renders, after its beforeEach has set it.
  render: () => <ConnectedProviderSignIn returnSearch={returnSearch} />,
  decorators: [
    (Story) => (
      <ApiProviders>
        <Story />
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedProviderSignIn>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Someone new with a free name: their account is made and they are signed in. */
export const NewMember: Story = {
  beforeEach: () => {
    returnSearch = backFromProvider({ account: MOCK_OIDC_ACCOUNTS.newMember });
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Signed in as @sam_rivers', {}, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/**
 * Someone new named as a member already is: they confirm the offered name or choose another;
 * a taken one is refused under the field, and the ticket waits for the next try.
 */
export const ChoosesAUsername: Story = {
  beforeEach: () => {
    returnSearch = backFromProvider({ account: MOCK_OIDC_ACCOUNTS.takenUsername });
  },
  play: async ({ canvas, userEvent }) => {
    const field = await canvas.findByRole('textbox', { name: 'Username' }, { timeout: 10_000 });
    await expect(field).toHaveValue('robin_2');
    await userEvent.clear(field);
    await userEvent.type(field, 'robin');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('That username is already taken')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'robin_elsewhere');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('Signed in as @robin_elsewhere')).toBeVisible();
  },
};

/** A verified email a member already has: nothing is made, and the page says what to do. */
export const EmailAlreadyUsed: Story = {
  beforeEach: () => {
    returnSearch = backFromProvider({ account: MOCK_OIDC_ACCOUNTS.viewer });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      `An account with this email already exists. Sign in with your password, then connect ${PROVIDER_NAME} in Settings.`,
    );
  },
};

/** The person cancelled at the provider: the address says so, and nothing is asked of the server. */
export const Cancelled: Story = {
  beforeEach: () => {
    returnSearch = backFromProvider({ failure: 'oidcCancelled' });
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      `Signing in with ${PROVIDER_NAME} was cancelled or refused.`,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Back to sign in' }));
    await expect(canvas.getByText('The sign-in page')).toBeVisible();
  },
};

/** The page opened again after its ticket was used (or too late): start again. */
export const Expired: Story = {
  beforeEach: () => {
    backFromProvider({ account: MOCK_OIDC_ACCOUNTS.newMember });
    api.store.completeOidcSignIn(undefined);
    returnSearch = '';
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'This sign-in has expired or was already used. Please start again.',
    );
  },
};
