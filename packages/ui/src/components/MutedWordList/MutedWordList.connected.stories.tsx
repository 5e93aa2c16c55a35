import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi } from '@whisp/api-client/mocks';
import { expect, waitFor, within } from 'storybook/test';
import { ApiProviders } from '../../stories/connected.js';
import { ConnectedMutedWords } from '../../stories/connectedSafety.js';

const api = createMockApi({ seed: 1, delayMs: 800 });

const meta = {
  title: 'Safety/MutedWordList/Connected',
  component: ConnectedMutedWords,
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
} satisfies Meta<typeof ConnectedMutedWords>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Add a word and remove it again, each through the client to the mock API. */
export const AddAndRemoveThroughTheApi: Story = {
  beforeEach: () => api.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const field = await canvas.findByRole(
      'textbox',
      { name: 'Word, phrase or #hashtag' },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull(), { timeout: 10_000 });
    await userEvent.type(field, 'season finale{Enter}');
    const list = await canvas.findByRole('list', { name: /muted words/ });
    await expect(await within(list).findByText('season finale')).toBeVisible();
    await expect(field).toHaveValue('');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove muted word season finale' }));
    await waitFor(() => expect(canvas.queryByText('season finale')).toBeNull());
  },
};

/** The API is slow: the list shows it is loading. */
export const Loading: Story = {
  beforeEach: () => api.setScenario('slow'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading muted words' })).toBeVisible();
  },
};

/** The API fails: the error, with Retry. */
export const LoadFails: Story = {
  beforeEach: () => api.setScenario('error'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Retry' }, { timeout: 10_000 }),
    ).toBeVisible();
  },
};
