import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { ToastProvider, type ToastProviderProps, useToast } from './Toast.js';

function Buttons() {
  const { toast } = useToast();
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => toast('Post liked!', { variant: 'success' })}>Like</Button>
      <Button variant="secondary" onClick={() => toast('Removed like')}>
        Unlike
      </Button>
      <Button variant="danger" onClick={() => toast('Failed to like post', { variant: 'error' })}>
        Fail
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          toast('Muted @grace_h', {
            action: {
              label: 'Undo',
              altText: 'Unmute @grace_h in Settings, Muted and blocked',
              onAction: () => toast('Unmuted @grace_h'),
            },
          })
        }
      >
        Mute
      </Button>
    </div>
  );
}

function ToastDemo(props: Omit<ToastProviderProps, 'children'>) {
  return (
    <ToastProvider {...props}>
      <Buttons />
    </ToastProvider>
  );
}

const meta = {
  title: 'Primitives/Toast',
  component: ToastDemo,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A toast appears, is announced (a status region), and leaves by itself after 3 s. */
export const Playground: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Like' }));
    const toast = await screen.findByText('Post liked!');
    await waitFor(() => expect(toast).toBeVisible());
    await waitFor(() => expect(screen.queryByText('Post liked!')).toBeNull(), { timeout: 5_000 });
  },
};

/** Several toasts stack, newest last, each with its own timer. */
export const Stacked: Story = {
  args: { duration: 60_000 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Like' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Unlike' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Fail' }));
    const items = await screen.findAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Post liked!',
      'Removed like',
      'Failed to like post',
    ]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Post liked!')).toBeNull());
  },
};

/** A toast with an Undo button: choosing it runs the action and closes the toast. */
export const WithUndo: Story = {
  args: { duration: 60_000 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Mute' }));
    await screen.findByText('Muted @grace_h');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    const undone = await screen.findByText('Unmuted @grace_h');
    // It slides in from transparent: visible once the animation has begun.
    await waitFor(() => expect(undone).toBeVisible());
    await waitFor(() => expect(screen.queryByText('Muted @grace_h')).toBeNull());
  },
};
