import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMockApi } from '@whisp/api-client/mocks';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ApiProviders, ConnectedWhispCard } from '../../stories/connected.js';

// One mock API per story: a like in one story never shows in another.
const likeApi = createMockApi({ seed: 1 });
const failingApi = createMockApi({ seed: 1 });

const meta = {
  title: 'Headline/WhispCard/Connected',
  component: ConnectedWhispCard,
  decorators: [
    (Story) => (
      <ApiProviders>
        <div style={{ maxWidth: 600 }}>
          <Story />
        </div>
      </ApiProviders>
    ),
  ],
} satisfies Meta<typeof ConnectedWhispCard>;

export default meta;
type Story = StoryObj<typeof meta>;

function likeCount(button: HTMLElement): number {
  const text = button.textContent?.replace(/\D/g, '') ?? '0';
  return Number(text || 0);
}

/**
 * Pressing like sends POST /api/posts/{id}/like through the client to the MSW handler; the count
 * and the pressed state change only once the (mock) server answers, and the toast says so.
 */
export const LikeThroughTheApi: Story = {
  parameters: { msw: { handlers: likeApi.handlers } },
  beforeEach: () => likeApi.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const article = await canvas.findByRole('article', {}, { timeout: 10_000 });
    const like = within(article).getByRole('button', { name: /^Like/ });
    const before = likeCount(like);
    await userEvent.click(like);
    const unlike = await within(article).findByRole('button', { name: /^Unlike/ });
    await expect(unlike).toHaveAttribute('aria-pressed', 'true');
    await expect(likeCount(unlike)).toBe(before + 1);
    await expect(await screen.findByText('Post liked!')).toBeInTheDocument();
  },
};

/** The server refuses: the spec's toast 'Failed to like post', and the like stays as it was. */
export const LikeFails: Story = {
  parameters: { msw: { handlers: failingApi.handlers } },
  beforeEach: () => failingApi.setScenario('default'),
  play: async ({ canvas, userEvent }) => {
    const article = await canvas.findByRole('article', {}, { timeout: 10_000 });
    const like = within(article).getByRole('button', { name: /^Like/ });
    const before = likeCount(like);
    // From here on every /api call answers 500.
    failingApi.setScenario('error');
    await userEvent.click(like);
    await expect(await screen.findByText('Failed to like post')).toBeInTheDocument();
    await waitFor(() => expect(like).not.toHaveAttribute('aria-busy'));
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(likeCount(like)).toBe(before);
  },
};
