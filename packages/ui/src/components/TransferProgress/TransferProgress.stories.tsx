import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { MEGABYTE } from '@whisp/api-client/limits';
import { expect } from 'storybook/test';
import { TransferProgress } from './TransferProgress.js';

const meta = {
  title: 'Components/TransferProgress',
  component: TransferProgress,
  args: { label: 'Downloading your data', state: 'active' },
  argTypes: { state: { control: 'inline-radio', options: ['active', 'done', 'error'] } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TransferProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Size known: bytes of the whole and the percent, read out by the progress bar too. */
export const Playground: Story = {
  args: { loaded: 12 * MEGABYTE, total: 48 * MEGABYTE },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Downloading your data' });
    await expect(bar).toHaveAttribute('aria-valuenow', '25');
    await expect(bar).toHaveAttribute('aria-valuetext', '12 MB of 48 MB (25%)');
    await expect(canvas.getByText('12 MB of 48 MB (25%)')).toBeVisible();
  },
};

/** A streamed archive without Content-Length: bytes received, the bar indeterminate. */
export const SizeUnknown: Story = {
  args: { loaded: 3 * MEGABYTE + 512 * 1024, total: null },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Downloading your data' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).toHaveAccessibleName('Downloading your data');
    await expect(canvas.getByText('3.5 MB received')).toBeVisible();
  },
};

/** Nothing measurable yet: the server is preparing or reading. */
export const Indeterminate: Story = {
  args: {
    label: 'Importing whisp-ada.zip',
    indeterminate: true,
    activity: 'Reading the archive…',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    await expect(canvas.getByText('Reading the archive…')).toBeVisible();
  },
};

export const Uploading: Story = {
  args: { label: 'Uploading whisp-ada.zip', loaded: 420 * 1024, total: 2.4 * MEGABYTE },
};

export const Done: Story = {
  args: {
    state: 'done',
    loaded: 48 * MEGABYTE,
    total: 48 * MEGABYTE,
    message: 'Your archive was downloaded.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(canvas.getByRole('status')).toHaveTextContent('Your archive was downloaded.');
  },
};

/** The server refused the archive: the message is an alert under the bar. */
export const Failed: Story = {
  args: {
    label: 'Uploading whisp-ada.zip',
    state: 'error',
    loaded: 2.4 * MEGABYTE,
    total: 2.4 * MEGABYTE,
    message: ERRORS.archiveInvalid.message,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(ERRORS.archiveInvalid.message);
  },
};

/** A long file name wraps rather than pushing the amount off a phone's screen. */
export const LongLabelOnAPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: {
    label: 'Uploading whisp-ada_lovelace_the_analytical_engine-2026-11-25-full-archive.zip',
    loaded: 100 * MEGABYTE,
    total: 412 * MEGABYTE,
  },
};
