import type { Meta, StoryObj } from '@storybook/react-vite';
import Feather from 'lucide-react/icons/feather';
import { expect, fn } from 'storybook/test';
import { buttonSizes, buttonVariants } from './Button.css.js';
import { Button } from './Button.js';

const row = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 } as const;

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Whisper', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Whisper' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Variants: Story = {
  render: (args) => (
    <div style={row}>
      {buttonVariants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant === 'danger'
            ? 'Delete whisp'
            : `${variant[0]?.toUpperCase()}${variant.slice(1)}`}
        </Button>
      ))}
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div style={row}>
      {buttonSizes.map((size) => (
        <Button key={size} {...args} size={size}>
          Size {size}
        </Button>
      ))}
    </div>
  ),
};

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Feather aria-hidden width={18} height={18} />
        Whisper
      </>
    ),
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Saving' },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Saving' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('data-loading', 'true');
    // Still focusable, so keyboard focus is not dropped while the request runs.
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Whisper' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** `asChild` lends the button's look to a link, which keeps its own role and navigation. */
export const AsLink: Story = {
  args: { asChild: true, variant: 'secondary', children: <a href="#profile">View profile</a> },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'View profile' });
    await expect(link).toHaveAttribute('href', '#profile');
    await expect(link).toHaveAttribute('data-variant', 'secondary');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div style={row}>
      {buttonVariants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant === 'danger' ? 'Delete whisp' : 'Whisper'}
        </Button>
      ))}
      <Button {...args} loading>
        Saving
      </Button>
      <Button {...args} disabled>
        Disabled
      </Button>
    </div>
  ),
};
