import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button.js';
import * as Dialog from './Dialog.js';

function ExampleDialog(props: Dialog.RootProps) {
  return (
    <Dialog.Root {...props}>
      <Dialog.Trigger asChild>
        <Button>Delete whisp</Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Title>Delete whisp?</Dialog.Title>
        <Dialog.Description>
          This can’t be undone, and it will be removed from your profile and every feed.
        </Dialog.Description>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </Dialog.Close>
          <Button variant="danger">Delete</Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

const meta = {
  title: 'Primitives/Dialog',
  component: ExampleDialog,
} satisfies Meta<typeof ExampleDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from its trigger, traps focus, closes with Escape and gives focus back. */
export const Playground: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Delete whisp' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Delete whisp?' });
    await expect(dialog).toHaveAccessibleDescription(/can’t be undone/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ userEvent }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const Phone: Story = {
  args: { defaultOpen: true },
  globals: { viewport: { value: 'phone' } },
};

/** Opened through `open` by a plain button (no Dialog.Trigger), as the app opens Reply. */
function ControlledDialog({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  const fallback = useRef<HTMLButtonElement>(null);
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      {openerShown ? <Button onClick={() => setOpen(true)}>Reply</Button> : null}
      <Button ref={fallback} variant="secondary">
        Next whisp
      </Button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Content returnFocus={() => fallback.current}>
          <Dialog.Title>Reply</Dialog.Title>
          <Dialog.Description>Say something kind.</Dialog.Description>
          <Dialog.Footer>
            <Button
              variant="secondary"
              onClick={() => {
                // The whisp replied to is gone (its author was blocked elsewhere, say).
                if (removeOpener) setOpenerShown(false);
                setOpen(false);
              }}
            >
              Done
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    </div>
  );
}

/** Opened through `open`, with no Trigger: Escape still gives focus back to the opening button. */
export const ControlledFocusReturn: StoryObj<typeof ControlledDialog> = {
  render: () => <ControlledDialog />,
  play: async ({ canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Reply' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Reply' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** The opening button is gone when the dialog closes: focus goes to `returnFocus`. */
export const OpenerRemovedFocusReturn: StoryObj<typeof ControlledDialog> = {
  render: () => <ControlledDialog removeOpener />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Reply' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.queryByRole('button', { name: 'Reply' })).toBeNull();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Next whisp' })).toHaveFocus());
  },
};
