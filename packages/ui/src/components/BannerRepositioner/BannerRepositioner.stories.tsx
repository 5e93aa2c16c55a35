import type { Meta, StoryObj } from '@storybook/react-vite';
import { NETWORK_ERROR_MESSAGE } from '@whisp/api-client';
import { expect, fireEvent, fn } from 'storybook/test';
import { profile } from '../../stories/fixtures.js';
import { BannerRepositioner } from './BannerRepositioner.js';

const meta = {
  title: 'Headline/BannerRepositioner',
  component: BannerRepositioner,
  args: {
    imageUrl: profile.profile_banner_url as string,
    onSave: fn(),
    onCancel: fn(),
    onPositionChange: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof BannerRepositioner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys move the banner (Shift for steps of 10), clamped to 0–100, then Save sends it. */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const surface = canvas.getByRole('group', { name: 'Banner position' });
    await expect(canvas.getByText('Horizontal 50%, vertical 50%')).toBeVisible();
    surface.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(canvas.getByText('Horizontal 50%, vertical 48%')).toBeVisible();
    await userEvent.keyboard(
      '{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}',
    );
    // 50 + 60 would be 110: clamped.
    await expect(canvas.getByText('Horizontal 100%, vertical 48%')).toBeVisible();
    await expect(args.onPositionChange).toHaveBeenLastCalledWith({ x: 100, y: 48 });
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledWith({ x: 100, y: 48 });
  },
};

/** Dragging with a pointer moves the picture with it (here: right and down, revealing top-left). */
export const Drag: Story = {
  play: async ({ canvas }) => {
    const surface = canvas.getByRole('group', { name: 'Banner position' });
    const box = surface.getBoundingClientRect();
    const start = {
      clientX: box.left + box.width / 2,
      clientY: box.top + box.height / 2,
      pointerId: 1,
    };
    fireEvent.pointerDown(surface, start);
    fireEvent.pointerMove(surface, {
      ...start,
      clientX: start.clientX + box.width * 0.2,
      clientY: start.clientY + box.height * 2,
    });
    fireEvent.pointerUp(surface, start);
    await expect(canvas.getByText('Horizontal 30%, vertical 0%')).toBeVisible();
  },
};

export const Cancel: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const Saving: Story = { args: { saving: true, defaultPosition: { x: 20, y: 70 } } };

export const SaveFailed: Story = {
  args: { error: `Failed to update banner position: ${NETWORK_ERROR_MESSAGE}` },
};
