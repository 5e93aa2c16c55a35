import type { Meta, StoryObj } from '@storybook/react-vite';
import Bookmark from 'lucide-react/icons/bookmark';
import Ellipsis from 'lucide-react/icons/ellipsis';
import Heart from 'lucide-react/icons/heart';
import Repeat2 from 'lucide-react/icons/repeat-2';
import Share from 'lucide-react/icons/share';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { iconButtonSizes, iconButtonVariants } from './IconButton.css.js';
import { IconButton, type IconButtonProps, tooltipSides } from './IconButton.js';

const row = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 } as const;

/** The open tooltip, once its fade-in is over (so visibility and axe's contrast check are stable). */
async function findOpenTooltip() {
  const tooltip = await screen.findByRole('tooltip');
  await waitFor(() => expect(getComputedStyle(tooltip).opacity).toBe('1'));
  return tooltip;
}

const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  args: { label: 'More options', children: <Ellipsis />, onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: iconButtonVariants },
    size: { control: 'inline-radio', options: iconButtonSizes },
    tooltipSide: { control: 'inline-radio', options: tooltipSides },
    pressed: { control: 'boolean' },
    children: { control: false },
  },
  // Room above the button for its tooltip.
  parameters: { layout: 'centered' },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'More options' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
    // A plain action is not a toggle.
    await expect(button).not.toHaveAttribute('aria-pressed');
  },
};

/** Keyboard focus shows the label as a tooltip (it renders in a portal, hence `screen`). */
export const TooltipOnFocus: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'More options' })).toHaveFocus();
    const tooltip = await findOpenTooltip();
    await expect(tooltip).toHaveTextContent('More options');
    await expect(tooltip).toBeVisible();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

function LikeToggle(args: IconButtonProps) {
  const [liked, setLiked] = useState(false);
  return (
    <IconButton
      {...args}
      pressed={liked}
      onClick={(event) => {
        args.onClick?.(event);
        setLiked((value) => !value);
      }}
    >
      <Heart fill={liked ? 'currentColor' : 'none'} />
    </IconButton>
  );
}

/** With `pressed` it is a toggle: the label stays the same, aria-pressed carries the state. */
export const Toggle: Story = {
  args: { label: 'Like' },
  render: (args) => <LikeToggle {...args} />,
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Like' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(button).toHaveAttribute('data-pressed', 'true');
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Variants: Story = {
  render: (args) => (
    <div style={row}>
      {iconButtonVariants.flatMap((variant) =>
        iconButtonSizes.map((size) => (
          <IconButton
            key={`${variant}-${size}`}
            {...args}
            variant={variant}
            size={size}
            label={`Repost (${variant}, ${size})`}
          >
            <Repeat2 />
          </IconButton>
        )),
      )}
      <IconButton {...args} variant="ghost" pressed label="Bookmark">
        <Bookmark fill="currentColor" />
      </IconButton>
      <IconButton {...args} variant="solid" pressed label="Liked">
        <Heart fill="currentColor" />
      </IconButton>
    </div>
  ),
};

export const Disabled: Story = {
  args: { disabled: true, label: 'Share', children: <Share /> },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Share' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** Phones get 44 px targets whatever the visual size. */
export const PhoneTarget: Story = {
  args: { size: 'sm' },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    const { width, height } = canvas
      .getByRole('button', { name: 'More options' })
      .getBoundingClientRect();
    await expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
  },
};

export const DesktopTarget: Story = {
  args: { size: 'sm' },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvas }) => {
    const { width, height } = canvas
      .getByRole('button', { name: 'More options' })
      .getBoundingClientRect();
    await expect(Math.min(width, height)).toBeGreaterThanOrEqual(24);
    await expect(width).toBeLessThan(44);
  },
};

/** The tooltip is open so axe checks its contrast in the dark theme too. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div style={row}>
      <IconButton {...args} />
      <IconButton {...args} variant="solid" label="Repost">
        <Repeat2 />
      </IconButton>
      <IconButton {...args} pressed label="Liked">
        <Heart fill="currentColor" />
      </IconButton>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'More options' })).toHaveFocus();
    await expect(await findOpenTooltip()).toHaveTextContent('More options');
  },
};
