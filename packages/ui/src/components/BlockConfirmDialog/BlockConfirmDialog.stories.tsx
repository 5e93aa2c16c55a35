import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { BlockConfirmDialog } from './BlockConfirmDialog.js';

const meta = {
  title: 'Components/BlockConfirmDialog',
  component: BlockConfirmDialog,
  args: { open: true, onOpenChange: fn(), onConfirm: fn(), username: 'grace_h' },
} satisfies Meta<typeof BlockConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function findDialog(name = 'Block @grace_h?') {
  const dialog = await screen.findByRole('dialog', { name });
  // Visible once the dialog's entrance animation has run.
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** It says what a block does, opens on Cancel (Enter never blocks by accident), then Block. */
export const Playground: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await findDialog();
    await expect(dialog).toHaveAccessibleDescription(
      /can’t see your profile or whisps or message you.*Follows between you are removed.*aren’t told.*Settings, Muted and blocked/,
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

/** Cancel closes without blocking. */
export const Cancelled: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** While the block is on its way, Block shows it and the dialog cannot be dismissed. */
export const Pending: Story = {
  args: { pending: true },
  play: async ({ args, userEvent }) => {
    await findDialog();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** A long username wraps inside a phone's width. */
export const LongUsername: Story = {
  args: { username: 'ada_lovelace_the_enchantress_of_numbers' },
  play: async () => {
    const dialog = await findDialog('Block @ada_lovelace_the_enchantress_of_numbers?');
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
  },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };

/** At a desktop width. */
export const Desktop: Story = { tags: ['desktop'] };

/** Opened from a menu-less button through `open`: Cancel gives focus back to that button. */
function FromProfile() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Block @grace_h
      </Button>
      <BlockConfirmDialog
        open={open}
        onOpenChange={setOpen}
        username="grace_h"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

export const FocusReturn: StoryObj<typeof FromProfile> = {
  render: () => <FromProfile />,
  args: {},
  play: async ({ canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Block @grace_h' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};
