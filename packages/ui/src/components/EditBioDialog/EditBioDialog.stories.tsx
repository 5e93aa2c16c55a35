import type { Meta, StoryObj } from '@storybook/react-vite';
import { VALIDATION_MESSAGES } from '@whisp/api-client/validation';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { EditBioDialog } from './EditBioDialog.js';

const meta = {
  title: 'Components/EditBioDialog',
  component: EditBioDialog,
  args: { open: true, onOpenChange: fn(), onSave: fn(), bio: 'Poet of numbers.' },
} satisfies Meta<typeof EditBioDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Edit bio' });
    const bio = within(dialog).getByRole('textbox', { name: 'Bio' });
    await waitFor(() => expect(bio).toHaveFocus());
    await userEvent.type(bio, ' Engines too.');
    await expect(within(dialog).getByText(/29 \/ 160/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledWith('Poet of numbers. Engines too.');
  },
};

/** Past 160 the spec's message shows and Save is off. */
export const TooLong: Story = {
  args: { bio: 'a'.repeat(161) },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Edit bio' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      VALIDATION_MESSAGES.bioTooLong,
    );
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const NearTheLimit: Story = { args: { bio: 'b'.repeat(150) } };

export const Saving: Story = { args: { saving: true } };
