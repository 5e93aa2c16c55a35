import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import {
  CONNECTION_ERROR_MESSAGE,
  CONNECTION_ERROR_TITLE,
  ConnectionErrorScreen,
} from './ConnectionErrorScreen.js';

const meta = {
  title: 'Screens/ConnectionErrorScreen',
  component: ConnectionErrorScreen,
  args: { onRetry: fn(), retrying: false },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConnectionErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(/^Connection Error$/);
    await expect(canvas.getByText(CONNECTION_ERROR_MESSAGE)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Retrying: Story = {
  args: { retrying: true },
  play: async ({ args, canvas, userEvent }) => {
    const retry = canvas.getByRole('button', { name: 'Retry' });
    await expect(retry).toHaveAttribute('aria-busy', 'true');
    // One health check at a time: pressing again while it runs does nothing.
    await userEvent.click(retry);
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    // Nothing may overflow sideways at 375 px.
    const screenWidth = canvas.getByRole('main').getBoundingClientRect().width;
    await expect(screenWidth).toBeLessThanOrEqual(375);
    await expect(
      canvas.getByRole('button', { name: 'Retry' }).getBoundingClientRect().right,
    ).toBeLessThanOrEqual(375);
  },
};

export const PhoneDark: Story = {
  globals: { theme: 'dark', viewport: { value: 'phone', isRotated: false } },
};

/**
 * The screen wired the way the app wires it, against a server mocked with MSW: it starts where a
 * failed start-up check leaves it, Retry calls GET /health (the button shows it is busy) and the
 * mocked server answers, so the app goes on.
 */
function StartupDemo() {
  const [state, setState] = useState<'down' | 'checking' | 'up'>('down');
  if (state === 'up') return <p role="status">Connected to Whisp.</p>;
  return (
    <ConnectionErrorScreen
      retrying={state === 'checking'}
      onRetry={async () => {
        setState('checking');
        const response = await fetch('/health').catch(() => undefined);
        setState(response?.ok ? 'up' : 'down');
      }}
    />
  );
}

export const RetryAgainstMockServer: Story = {
  render: () => <StartupDemo />,
  parameters: {
    msw: {
      handlers: [
        http.get('/health', async () => {
          await delay(300);
          return HttpResponse.json({ status: 'ok' });
        }),
      ],
    },
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: CONNECTION_ERROR_TITLE })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(canvas.getByRole('button', { name: 'Retry' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(await canvas.findByText('Connected to Whisp.')).toBeVisible();
  },
};
