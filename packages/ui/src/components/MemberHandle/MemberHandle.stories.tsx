import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ada, longHandleMember, remoteMember } from '../../stories/fixtures.js';
import { MemberHandle, memberHandle, memberHost, memberHref } from './MemberHandle.js';

const meta = {
  title: 'Primitives/MemberHandle',
  component: MemberHandle,
  args: { acct: ada.acct },
} satisfies Meta<typeof MemberHandle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A member of this server: `@username`. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const handle = canvas.getByText('@ada');
    await expect(handle).toBeVisible();
    await expect(handle).not.toHaveAttribute('data-remote');
  },
};

/** A member of another server: their server is part of the handle, and of their page's path. */
export const RemoteMember: Story = {
  args: { acct: remoteMember.acct },
  play: async ({ canvas }) => {
    const handle = canvas.getByText('@alice@remote.example');
    await expect(handle).toHaveAttribute('data-remote', 'true');
    await expect(memberHandle(remoteMember)).toBe('@alice@remote.example');
    await expect(memberHost(remoteMember)).toBe('remote.example');
    await expect(memberHost(ada)).toBeUndefined();
    await expect(memberHref(remoteMember)).toBe('/user/alice%40remote.example');
    await expect(memberHref(ada)).toBe('/user/ada');
  },
};

/**
 * Longer than its row: one line that ends in an ellipsis, never a row wider than the phone. The
 * whole handle is still the text (read aloud, copied) and the tooltip.
 */
export const LongHandleOnPhone: Story = {
  args: { acct: longHandleMember.acct },
  globals: { viewport: { value: 'phone' } },
  render: (args) => (
    <div data-testid="row" style={{ display: 'flex', flexDirection: 'column', maxWidth: 240 }}>
      <strong>{longHandleMember.display_name}</strong>
      <MemberHandle {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const full = `@${longHandleMember.acct}`;
    const handle = canvas.getByText(full);
    await expect(handle).toHaveAttribute('title', full);
    await expect(getComputedStyle(handle).textOverflow).toBe('ellipsis');
    // Clipped: its text is wider than the box the row gives it.
    await expect(handle.scrollWidth).toBeGreaterThan(handle.clientWidth);
    await expect(handle.getBoundingClientRect().width).toBeLessThanOrEqual(240);
    const row = canvas.getByTestId('row');
    await expect(row.scrollWidth).toBeLessThanOrEqual(row.clientWidth);
  },
};
