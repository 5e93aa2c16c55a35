import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { REPORT_DETAILS_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { expect, fn, screen, waitFor } from 'storybook/test';
import {
  REPORT_FORWARD_HINT,
  REPORT_REASON_MISSING_MESSAGE,
  ReportDialog,
} from './ReportDialog.js';

const meta = {
  title: 'Safety/ReportDialog',
  component: ReportDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onSubmit: fn(),
    targetType: 'post',
    username: 'grace_h',
  },
} satisfies Meta<typeof ReportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog fades in: it counts as visible once its animation has begun. */
async function openDialog(name?: string) {
  const dialog = await screen.findByRole('dialog', name ? { name } : {});
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** Reporting a whisp: a reason from the contract's list, optional details, Send report. */
export const Playground: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await openDialog('Report content');
    await expect(dialog).toHaveTextContent('this whisp by @grace_h');
    // It opens on the first reason, the choice it is for.
    await waitFor(() => expect(screen.getAllByRole('radio')[0]).toHaveFocus());
    await userEvent.click(screen.getByRole('radio', { name: 'Harassment or bullying' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: /Details/ }),
      '  Replies to me all day  ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      reason: 'harassment',
      details: 'Replies to me all day',
      forward: false,
    });
    // A member of this server: there is no other server to send the report to.
    await expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  },
};

/** Reporting a member uses the same dialog; details may stay empty. */
export const Member: Story = {
  args: { targetType: 'user', username: 'linus' },
  play: async ({ args, userEvent }) => {
    await openDialog('Report @linus');
    await userEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ reason: 'spam', forward: false });
    await expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  },
};

/**
 * A member of another server: the report can go to their server's moderators too, without the
 * reporter's name. Off until ticked.
 */
export const RemoteMember: Story = {
  args: { targetType: 'user', username: 'mallory@remote.example', remoteHost: 'remote.example' },
  play: async ({ args, userEvent }) => {
    await openDialog('Report @mallory@remote.example');
    const forward = screen.getByRole('checkbox', {
      name: 'Also send this report to remote.example',
    });
    await expect(forward).not.toBeChecked();
    await expect(forward).toHaveAccessibleDescription(REPORT_FORWARD_HINT);
    await userEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    await userEvent.click(forward);
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ reason: 'spam', forward: true });
  },
};

/** A whisp by a member of another server; left unticked, the report stays with our moderators. */
export const RemoteWhisp: Story = {
  args: { username: 'mallory@remote.example', remoteHost: 'remote.example' },
  play: async ({ args, userEvent }) => {
    await openDialog('Report content');
    await expect(
      screen.getByRole('checkbox', { name: 'Also send this report to remote.example' }),
    ).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ reason: 'spam', forward: false });
  },
};

/** Send before choosing a reason: the dialog says what is missing and sends nothing. */
export const ReasonMissing: Story = {
  play: async ({ args, userEvent }) => {
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await expect(await screen.findByText(REPORT_REASON_MISSING_MESSAGE)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Details past the contract's limit: the contract's message, and Send waits. */
export const DetailsTooLong: Story = {
  play: async ({ args, userEvent }) => {
    await openDialog();
    await userEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    const field = screen.getByRole('textbox', { name: /Details/ });
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(REPORT_DETAILS_MAX_LENGTH + 1));
    await expect(await screen.findByText(ERRORS.reportDetailsTooLong.message)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Send report' })).toBeDisabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Sending: Story = {
  args: { sending: true },
  play: async () => {
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send report' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

export const ServerError: Story = {
  args: { error: 'Failed to send report' },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send report');
  },
};

export const LongUsername: Story = {
  args: { targetType: 'user', username: 'a_very_long_username_here_30' },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
