import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi } from '@whisp/api-client/mocks';
import { expect } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedDownload } from '../../stories/connectedAccount.js';

const api = createMockApi({ seed: 1 });

const meta = {
  title: 'Components/TransferProgress/Connected',
  component: ConnectedDownload,
  decorators: [
    (Story) => (
      <ApiProviders>
        <div style={{ maxWidth: 560 }}>
          <Story />
        </div>
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedDownload>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The mocks' export arrives chunk by chunk and the bar ends done, with the file's name. */
export const Download: Story = {
  parameters: { msw: { handlers: api.handlers } },
  beforeEach: () => {
    api.setScenario('empty');
    api.setScenario('default');
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(/\.zip is ready\./);
    await expect(
      canvas.getByRole('progressbar', { name: 'Downloading your data' }),
    ).toHaveAttribute('aria-valuenow', '100');
  },
};

/** The server fails: its message shows as the transfer's error. */
export const ServerError: Story = {
  parameters: { msw: { handlers: createMockApi({ scenario: 'error' }).handlers } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};
