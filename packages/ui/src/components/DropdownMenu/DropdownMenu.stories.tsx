import type { Meta, StoryObj } from '@storybook/react-vite';
import Ellipsis from 'lucide-react/icons/ellipsis';
import Flag from 'lucide-react/icons/flag';
import Share from 'lucide-react/icons/share';
import Trash2 from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button.js';
import * as Dialog from '../Dialog/Dialog.js';
import { IconButton } from '../IconButton/IconButton.js';
import * as DropdownMenu from './DropdownMenu.js';

interface ExampleMenuProps {
  onShare: () => void;
  onDelete: () => void;
  onReport: () => void;
  defaultOpen?: boolean;
}

function ExampleMenu({ onShare, onDelete, onReport, defaultOpen }: ExampleMenuProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <IconButton label="More options">
          <Ellipsis />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Item onSelect={onShare}>
          <Share aria-hidden /> Share
        </DropdownMenu.Item>
        <DropdownMenu.Item variant="danger" onSelect={onDelete}>
          <Trash2 aria-hidden /> Delete
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={onReport}>
          <Flag aria-hidden /> Report content
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

const meta = {
  title: 'Primitives/DropdownMenu',
  component: ExampleMenu,
  args: { onShare: fn(), onDelete: fn(), onReport: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof ExampleMenu>;

/**
 * For a story that leaves a modal menu open so its look can be checked: Radix hides the page
 * behind the menu with aria-hidden while focus is trapped in the menu, and axe reports each
 * focusable element left in there (the trigger). Only that rule is off; contrast and the rest run.
 */
const openModalMenuA11y = {
  a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } },
};

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More options' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toBeVisible());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Share' }));
    await expect(args.onShare).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

/** Arrow keys move through the items and Enter picks one. */
export const Keyboard: Story = {
  play: async ({ args, canvas, userEvent }) => {
    canvas.getByRole('button', { name: 'More options' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onReport).toHaveBeenCalledOnce();
  },
};

/** Under 600 px the same menu is a bottom sheet. */
export const PhoneSheet: Story = {
  args: { defaultOpen: true },
  globals: { viewport: { value: 'phone' } },
  play: async ({ userEvent }) => {
    const menu = await screen.findByRole('menu');
    await waitFor(() => {
      const box = menu.getBoundingClientRect();
      expect(Math.round(box.bottom)).toBe(window.innerHeight);
    });
    // Closed again before the a11y check: while a modal menu is open Radix hides the page
    // behind it with aria-hidden, which axe reports for the focusable trigger left in there.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

/** "Report content" opens a dialog through `open`, as the whisp card's menu does in the app. */
function MenuOpeningDialog() {
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <IconButton label="More options">
            <Ellipsis />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content>
          <DropdownMenu.Item onSelect={() => setReporting(true)}>
            <Flag aria-hidden /> Report content
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <Dialog.Root open={reporting} onOpenChange={setReporting}>
        <Dialog.Content>
          <Dialog.Title>Report content</Dialog.Title>
          <Dialog.Description>Tell us what is wrong with this whisp.</Dialog.Description>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    </>
  );
}

/**
 * A menu item that opens a dialog: the item leaves with the menu, so the dialog gives focus back
 * to the menu's trigger when it closes, with the keyboard and with the mouse.
 */
export const ItemOpensDialog: StoryObj<typeof MenuOpeningDialog> = {
  render: () => <MenuOpeningDialog />,
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'More options' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report content' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Report content' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Open, for designers checking the menu's look in both themes (a popover on wide screens). */
export const Open: Story = {
  args: { defaultOpen: true },
  tags: ['desktop'],
  parameters: openModalMenuA11y,
  play: async () => {
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toBeVisible());
    await expect(screen.getAllByRole('menuitem')).toHaveLength(3);
  },
};
