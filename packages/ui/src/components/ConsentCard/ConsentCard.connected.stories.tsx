import type { Meta, StoryObj } from '@storybook/react-vite';
import type { OauthAuthorizationQuery } from '@whisp/api-client';
import { describeScope } from '@whisp/api-client/contract/connected-apps';
import { errorMessage } from '@whisp/api-client/contract/errors';
import { createMockApi, MOCK_OAUTH_APPS, MOCK_VIEWER } from '@whisp/api-client/mocks';
import { expect, waitFor } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedConsent } from '../../stories/connectedApps.js';

const api = createMockApi({ seed: 1 });
const { iceCubes } = MOCK_OAUTH_APPS;

const iceCubesAsks: OauthAuthorizationQuery = {
  response_type: 'code',
  client_id: iceCubes.client_id,
  redirect_uri: iceCubes.redirect_uris[0],
  scope: 'read write follow push',
  state: 'xyz',
};

/** The seeded network again: no ticket, Ice Cubes not yet connected. */
function freshNetwork() {
  api.setScenario('empty');
  api.setScenario('default');
}

const meta = {
  title: 'Components/ConsentCard/Connected',
  component: ConnectedConsent,
  args: { query: iceCubesAsks },
  parameters: { layout: 'centered', msw: { handlers: api.handlers } },
  beforeEach: freshNetwork,
  decorators: [
    (Story) => (
      <ApiProviders>
        <Story />
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedConsent>;

export default meta;
type Story = StoryObj<typeof meta>;

const timeout = { timeout: 10_000 };

/** The mocks' Ice Cubes asks; Authorize gets a ticket for the form and keeps spinning. */
export const Authorize: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { name: `Ice Cubes wants to use your Whisp account @${MOCK_VIEWER.username}` },
        timeout,
      ),
    ).toBeVisible();
    await expect(canvas.getByText(describeScope('push'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Authorize' }));
    await expect(await canvas.findByRole('button', { name: 'Authorize' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await waitFor(() =>
      expect(api.store.data.oauthTickets).toEqual([
        expect.objectContaining({ app_id: iceCubes.id, decision: 'approve', state: 'xyz' }),
      ]),
    );
    // Still waiting, as the page does while the browser leaves for the app.
    await expect(canvas.getByRole('button', { name: 'Authorize' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** Deny gets a ticket too: posting it tells the app the member said no. */
export const Deny: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Deny' }, timeout));
    await expect(await canvas.findByRole('button', { name: 'Deny' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await waitFor(() =>
      expect(api.store.data.oauthTickets).toEqual([expect.objectContaining({ decision: 'deny' })]),
    );
  },
};

/** An app the server does not know: the page says so, and offers nothing to press. */
export const UnknownApp: Story = {
  args: { query: { ...iceCubesAsks, client_id: 'not-registered' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, timeout)).toHaveTextContent(
      errorMessage('oauthUnknownApp'),
    );
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** A return address the app did not register. */
export const RedirectMismatch: Story = {
  args: { query: { ...iceCubesAsks, redirect_uri: 'https://attacker.example/steal' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, timeout)).toHaveTextContent(
      errorMessage('oauthRedirectMismatch'),
    );
  },
};

/** More than the app registered for. */
export const ScopeBeyondTheApp: Story = {
  args: { query: { ...iceCubesAsks, scope: 'read admin:write' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, timeout)).toHaveTextContent(
      errorMessage('oauthInvalidScope'),
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'slow', delayMs: 1e9 }).handlers } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the app’s request');
  },
};

/** The server failed (500): asking again may work, so Try again is offered. */
export const ServerError: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'error' }).handlers } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, timeout)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
