import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ImportSummary } from './ImportSummary.js';

const meta = {
  title: 'Components/ImportSummary',
  component: ImportSummary,
  args: {
    fileName: 'whisp-ada-2026-11-25.zip',
    counts: { whisps: 128, media: 34, follows: 57, skipped: 6 },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ImportSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What came in and what was left out, as counts. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('region', { name: 'Imported whisp-ada-2026-11-25.zip' });
    await expect(summary).toHaveTextContent('Whisps128');
    await expect(summary).toHaveTextContent('Skipped6');
    await expect(canvas.getByText(/members who are not on this server/)).toBeVisible();
  },
};

/** The same archive a second time: the server adds nothing twice. */
export const NothingNew: Story = {
  args: { counts: { whisps: 0, media: 0, follows: 0, skipped: 219 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Nothing new to import/)).toBeVisible();
  },
};

export const NothingSkipped: Story = {
  args: { counts: { whisps: 1, media: 0, follows: 1, skipped: 0 }, fileName: undefined },
};

export const LargeArchive: Story = {
  args: { counts: { whisps: 48_210, media: 12_944, follows: 3_402, skipped: 1_250 } },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
