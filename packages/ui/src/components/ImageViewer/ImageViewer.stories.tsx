import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { photos } from '../../stories/fixtures.js';
import { ImageViewer } from './ImageViewer.js';

const meta = {
  title: 'Components/ImageViewer',
  component: ImageViewer,
  args: { images: photos.slice(0, 3), open: true, onOpenChange: fn(), ownerName: 'Grace Hopper' },
} satisfies Meta<typeof ImageViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Next, previous and the arrow keys move through the images. */
export const Playground: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Images from Grace Hopper' });
    await expect(screen.getByRole('img', { name: 'Image 1 of 3' })).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Previous image' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next image' }));
    await expect(screen.getByRole('img', { name: 'Image 2 of 3' })).toBeInTheDocument();
    dialog.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(screen.getByRole('img', { name: 'Image 3 of 3' })).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Next image' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};

export const SingleImage: Story = {
  args: { images: photos.slice(0, 1) },
  play: async () => {
    await screen.findByRole('dialog');
    await expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
  },
};

/** A described image: its description is its alt and a caption beneath it. */
export const WithDescription: Story = {
  args: {
    descriptions: ['Fishing boats moored in a calm harbour', null, 'A lighthouse at dusk'],
  },
  play: async ({ userEvent }) => {
    await screen.findByRole('dialog', { name: 'Images from Grace Hopper' });
    await expect(
      screen.getByRole('img', { name: 'Fishing boats moored in a calm harbour' }),
    ).toBeInTheDocument();
    // The dialog fades in: visible once it has.
    await waitFor(() =>
      expect(screen.getByText('Fishing boats moored in a calm harbour')).toBeVisible(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next image' }));
    // No description: the position names it, and no caption shows.
    await expect(screen.getByRole('img', { name: 'Image 2 of 3' })).toBeInTheDocument();
    await expect(screen.queryByText('Fishing boats moored in a calm harbour')).toBeNull();
  },
};
