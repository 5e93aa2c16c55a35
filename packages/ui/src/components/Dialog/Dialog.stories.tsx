import type { Meta, StoryObj } from '@storybook/react-vite';
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
