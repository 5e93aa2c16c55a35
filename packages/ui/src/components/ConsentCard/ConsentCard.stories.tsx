import type { Meta, StoryObj } from '@storybook/react-vite';
import type { OauthAuthorizationRequest } from '@whisp/api-client';
import { NETWORK_ERROR_MESSAGE } from '@whisp/api-client';
import { describeScope, OAUTH_OUT_OF_BAND } from '@whisp/api-client/contract/connected-apps';
import { errorMessage } from '@whisp/api-client/contract/errors';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CONSENT_ERROR_TITLE, ConsentCard } from './ConsentCard.js';

const iceCubes: OauthAuthorizationRequest = {
  app: {
    id: 'app-ice-cubes',
    name: 'Ice Cubes',
    website: 'https://github.com/Dimillian/IceCubesApp',
  },
  scopes: ['read', 'write', 'follow', 'push'],
  redirect_uri: 'icecubesapp://',
  out_of_band: false,
};

const meta = {
  title: 'Components/ConsentCard',
  component: ConsentCard,
  args: {
    status: 'ready',
    request: iceCubes,
    username: 'robin',
    onAuthorize: fn(),
    onDeny: fn(),
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof ConsentCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Which app, whose account, each scope in a member's words, where they return to; the keyboard
 * meets the website, then Authorize, then Deny.
 */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    await expect(
      canvas.getByRole('heading', {
        level: 1,
        name: 'Ice Cubes wants to use your Whisp account @robin',
      }),
    ).toBeVisible();
    const website = canvas.getByRole('link', { name: 'github.com (opens in a new tab)' });
    await expect(website).toHaveAttribute('href', 'https://github.com/Dimillian/IceCubesApp');
    const scopes = within(canvas.getByRole('list', { name: 'It will be able to:' }));
    await expect(scopes.getAllByRole('listitem')).toHaveLength(4);
    await expect(scopes.getByText(describeScope('follow'))).toBeVisible();
    await expect(canvas.getByText('icecubesapp://')).toBeVisible();

    await userEvent.tab();
    await expect(website).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Authorize' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAuthorize).toHaveBeenCalledTimes(1);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onDeny).toHaveBeenCalledTimes(1);
  },
};

/** An app without an address of its own: the member will copy a code into it. */
export const OutOfBand: Story = {
  args: {
    request: {
      app: { id: 'app-terminal', name: 'Toot Terminal', website: null },
      scopes: ['read'],
      redirect_uri: OAUTH_OUT_OF_BAND,
      out_of_band: true,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Whisp will then show you a code to copy into/)).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** Granular scopes, a top-level one that covers some of them, and a web address to return to. */
export const ManyScopes: Story = {
  args: {
    request: {
      app: { id: 'app-elk', name: 'Elk', website: 'https://elk.zone' },
      scopes: [
        'read',
        'read:statuses',
        'write:statuses',
        'write:media',
        'write:favourites',
        'write:follows',
        'write:blocks',
        'write:mutes',
        'write:conversations',
        'write:reports',
        'follow',
        'push',
        'profile',
      ],
      redirect_uri: 'https://elk.zone/api/whisp.example/oauth',
      out_of_band: false,
    },
  },
  play: async ({ canvas }) => {
    const scopes = within(canvas.getByRole('list', { name: 'It will be able to:' }));
    // read:statuses is part of read, so it is not a line of its own.
    await expect(scopes.getAllByRole('listitem')).toHaveLength(12);
    await expect(scopes.queryByText('read:statuses')).toBeNull();
    await expect(canvas.getByText('elk.zone', { selector: 'span' })).toBeVisible();
  },
};

/** A long app name, a long username and a long app address wrap inside the card. */
export const LongNames: Story = {
  args: {
    username: 'a_very_long_username_here',
    request: {
      app: {
        id: 'app-long',
        name: 'The Extraordinarily Long-Named Federated Timeline Reader for Tablets and Phones',
        website: 'https://www.an-unusually-long-domain-name-for-a-small-app.example/about',
      },
      scopes: ['read', 'write'],
      redirect_uri: 'com.example.the-extraordinarily-long-named-reader.oauth:/callback/whisp',
      out_of_band: false,
    },
  },
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('section');
    await expect(card?.scrollWidth).toBeLessThanOrEqual(card?.clientWidth ?? 0);
  },
};

/** Authorize was pressed: it spins while the browser leaves, and Deny waits. */
export const Authorizing: Story = {
  args: { pending: 'approve' },
  play: async ({ args, canvas }) => {
    const authorize = canvas.getByRole('button', { name: 'Authorize' });
    await expect(authorize).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Deny' })).toBeDisabled();
    await userEvent.click(authorize);
    await expect(args.onAuthorize).not.toHaveBeenCalled();
  },
};

export const Denying: Story = {
  args: { pending: 'deny' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Deny' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Authorize' })).toBeDisabled();
  },
};

/** The decision did not reach the server: said above the buttons, which work again. */
export const DecisionFailed: Story = {
  args: { decisionError: NETWORK_ERROR_MESSAGE },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
    await userEvent.click(canvas.getByRole('button', { name: 'Authorize' }));
    await expect(args.onAuthorize).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { status: 'loading', request: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the app’s request');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** The request cannot be authorized (a 400): the server's words, and nothing to press. */
export const Refused: Story = {
  args: { status: 'error', request: undefined, error: errorMessage('oauthRedirectMismatch') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: CONSENT_ERROR_TITLE })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'The app asked to send you back to an address it did not register, so Whisp cannot authorize it.',
    );
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** The request could not be read (the network): asking again may work. */
export const Unreachable: Story = {
  args: { status: 'error', request: undefined, error: NETWORK_ERROR_MESSAGE, onRetry: fn() },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** At a phone's width the buttons stack, full width, a finger's size. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const authorize = canvas.getByRole('button', { name: 'Authorize' });
    const deny = canvas.getByRole('button', { name: 'Deny' });
    await expect(authorize.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(deny.getBoundingClientRect().top).toBeGreaterThan(
      authorize.getBoundingClientRect().bottom - 1,
    );
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
