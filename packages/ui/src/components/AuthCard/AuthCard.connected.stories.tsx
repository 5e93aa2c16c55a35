import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi, MOCK_OIDC_PROVIDER } from '@whisp/api-client/mocks';
import { expect, waitFor } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedAuthCard } from '../../stories/connectedIdentities.js';

const meta = {
  title: 'Components/AuthCard/Connected',
  component: ConnectedAuthCard,
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <ApiProviders>
        <Story />
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedAuthCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The providers come from GET /api/auth/providers; each button starts that provider's sign-in. */
export const ProvidersFromTheServer: Story = {
  parameters: { msw: { handlers: createMockApi().handlers } },
  play: async ({ canvas }) => {
    const link = await canvas.findByRole(
      'link',
      { name: `Continue with ${MOCK_OIDC_PROVIDER.name}` },
      { timeout: 10_000 },
    );
    await expect(link).toHaveAttribute('href', `/api/auth/oidc/${MOCK_OIDC_PROVIDER.id}/start`);
  },
};

/** A server with no provider configured: the card is the email form alone. */
export const NoneConfigured: Story = {
  parameters: { msw: { handlers: createMockApi({ oidcProviders: [] }).handlers } },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Sign in to Whisp' });
    await waitFor(() => expect(card).toHaveAttribute('data-providers', 'settled'), {
      timeout: 10_000,
    });
    await expect(canvas.queryByRole('list', { name: 'Other ways to sign in' })).toBeNull();
  },
};
