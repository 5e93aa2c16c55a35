import type { Meta, StoryObj } from '@storybook/react-vite';
import Ellipsis from 'lucide-react/icons/ellipsis';
import { expect, fireEvent, screen, waitFor } from 'storybook/test';
import { TOAST_DURATION_MS } from '../../constants.js';
import { Button } from '../Button/Button.js';
import * as DropdownMenu from '../DropdownMenu/DropdownMenu.js';
import { IconButton } from '../IconButton/IconButton.js';
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
      <Button
        variant="secondary"
        onClick={() =>
          toast('Blocked @grace_h', {
            // Short, to show that a focused toast does not leave on its own.
            duration: 500,
            focusAction: true,
            action: {
              label: 'Undo',
              altText: 'Unblock @grace_h in Settings, Muted and blocked',
              onAction: () => toast('Unblocked @grace_h'),
            },
          })
        }
      >
        Block
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

/**
 * A toast with an action says how to reach it: the region is "Notifications (F8)", the
 * announcement ends with "Press F8 to undo", and F8 moves focus to the region.
 */
export const ReachableWithF8: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Mute' }));
    await screen.findByText('Muted @grace_h');
    await expect(
      await screen.findByText(
        'Notifications Muted @grace_h. Press F8 to undo, or unmute @grace_h in Settings, Muted and blocked',
      ),
    ).toBeInTheDocument();
    // Radix listens for the key's code, which user-event does not know for F8.
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    await waitFor(() => expect(region).toContainElement(document.activeElement as HTMLElement));
    await userEvent.tab();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
  },
};

/**
 * `focusAction`: the Undo of an action just taken has focus as the toast appears, the toast stays
 * while it does (past its 0.5 s), and once Undo is chosen focus is back on the button that acted.
 * Escape does the same.
 */
export const FocusAction: Story = {
  play: async ({ canvas, userEvent }) => {
    const block = canvas.getByRole('button', { name: 'Block' });
    await userEvent.click(block);
    await screen.findByText('Blocked @grace_h');
    const undo = screen.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await expect(screen.getByText('Blocked @grace_h')).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Unblocked @grace_h');
    await waitFor(() => expect(block).toHaveFocus());
    await waitFor(() => expect(screen.queryByText('Blocked @grace_h')).toBeNull());

    await userEvent.click(block);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(block).toHaveFocus());
    await waitFor(() => expect(screen.queryByText('Blocked @grace_h')).toBeNull());
  },
};

/** Without `duration`, a toast with an action stays 10 s (ACTION_TOAST_DURATION_MS), not 3 s. */
export const ActionStaysLonger: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Mute' }));
    await screen.findByText('Muted @grace_h');
    await new Promise((resolve) => setTimeout(resolve, TOAST_DURATION_MS + 500));
    await expect(screen.getByText('Muted @grace_h')).toBeVisible();
  },
};

/** A card's More menu whose "Mute @grace_h" acts at once and raises the toast with Undo focused. */
function MenuThatMutes() {
  const { toast } = useToast();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <IconButton label="More options">
          <Ellipsis />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Item
          onSelect={() =>
            toast('Muted @grace_h', {
              focusAction: true,
              action: { label: 'Undo', onAction: () => toast('Unmuted @grace_h') },
            })
          }
        >
          Mute @grace_h
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/**
 * `focusAction` after a menu item: the item leaves with the menu, so once Undo is chosen focus
 * goes back to the menu's trigger (and the closing menu does not pull focus away from Undo).
 */
export const FocusActionFromMenu: StoryObj<typeof MenuThatMutes> = {
  render: () => (
    <ToastProvider>
      <MenuThatMutes />
    </ToastProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    const more = canvas.getByRole('button', { name: 'More options' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mute @grace_h' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    // Past the menu's closing animation, when Radix would give its trigger focus.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(undo).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Unmuted @grace_h');
    await waitFor(() => expect(more).toHaveFocus());
  },
};

/** A toast under the pointer stays past its time (0.5 s here), and leaves once the pointer does. */
export const StaysWhileHovered: Story = {
  args: { duration: 500 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Like' }));
    const toast = await screen.findByText('Post liked!');
    await userEvent.hover(toast);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await expect(screen.getByText('Post liked!')).toBeVisible();
    await userEvent.unhover(toast);
    await userEvent.hover(canvas.getByRole('button', { name: 'Unlike' }));
    await waitFor(() => expect(screen.queryByText('Post liked!')).toBeNull());
  },
};
