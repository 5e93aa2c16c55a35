import type { Meta, StoryObj } from '@storybook/react-vite';
import type { InstancePolicyInput, ModerationInstance } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { INSTANCE_POLICY_REASON_MAX_LENGTH } from '@whisp/api-client/contract/limits';
import { buildModerationInstance } from '@whisp/api-client/mocks';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { minutesAgo, storyNow } from '../../stories/fixtures.js';
import { InstanceList, type InstanceListProps } from './InstanceList.js';
import { INSTANCES_EMPTY_TITLE, INSTANCES_LOAD_FAILED } from './instancePolicyText.js';

const DAY = 60 * 24;

const known = buildModerationInstance({ host: 'chatter.example', members: 12 });
const loud = buildModerationInstance({
  host: 'loud.example',
  members: 1,
  policy: 'silence',
  reason: 'Its members pile on people here, and its admins do not answer reports.',
  since: minutesAgo(3 * DAY),
});
const spam = buildModerationInstance({
  host: 'spam.example',
  members: 0,
  policy: 'suspend',
  reason: 'Accounts made in bulk that post the same links everywhere.',
  since: minutesAgo(95),
});
const instances = [known, loud, spam];

const meta = {
  title: 'Moderation/InstanceList',
  component: InstanceList,
  args: { instances, onSetPolicy: fn(), onLiftPolicy: fn(), onRetry: fn(), now: storyNow },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof InstanceList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog named so, once its entrance animation has run (it fades in from transparent). */
async function openedDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

const rowOf = (canvas: { getByRole: typeof screen.getByRole }, host: string) =>
  within(canvas.getByRole('list', { name: 'Servers' })).getByRole('listitem', { name: host });

/**
 * Each server with its members here and its policy (badge, reason, age); Suspend asks for a
 * reason, which is required.
 */
export const Playground: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Its members reach only their followers here.')).toBeVisible();
    await expect(canvas.getByText('Nothing is received from it or delivered to it.')).toBeVisible();
    await expect(rowOf(canvas, 'chatter.example')).toHaveTextContent('12 members here');
    await expect(rowOf(canvas, 'loud.example')).toHaveTextContent(
      '1 member hereSilencedSet 3dReason: Its members pile on people here',
    );
    await expect(rowOf(canvas, 'spam.example')).toHaveTextContent('No members hereSuspendedSet 1h');
    // A silenced server offers Suspend and Lift; one without a policy, Silence and Suspend.
    await expect(canvas.queryByRole('button', { name: 'Silence loud.example' })).toBeNull();
    await expect(
      canvas.queryByRole('button', { name: 'Lift the policy on chatter.example' }),
    ).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: 'Suspend chatter.example' }));
    const dialog = await openedDialog('Suspend chatter.example?');
    await expect(dialog).toHaveAccessibleDescription(
      'Nothing is received from it or delivered to it.',
    );
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await expect(reason).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend server' }));
    await expect(within(dialog).getByText(ERRORS.instanceReasonRequired.message)).toBeVisible();
    await expect(reason).toHaveFocus();
    await expect(args.onSetPolicy).not.toHaveBeenCalled();
    await userEvent.type(reason, '  Spam waves every night.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend server' }));
    await expect(args.onSetPolicy).toHaveBeenCalledWith('chatter.example', {
      policy: 'suspend',
      reason: 'Spam waves every night.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Cancel closes the dialog and gives focus back to the button that opened it. */
export const CancelReturnsFocus: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const silence = canvas.getByRole('button', { name: 'Silence chatter.example' });
    await userEvent.click(silence);
    const dialog = await openedDialog('Silence chatter.example?');
    await expect(dialog).toHaveAccessibleDescription(
      'Its members reach only their followers here.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(silence).toHaveFocus());
    await expect(args.onSetPolicy).not.toHaveBeenCalled();
  },
};

/** The counter shows the contract's limit; past it the field says so and nothing can be sent. */
export const ReasonTooLong: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Silence chatter.example' }));
    const dialog = await openedDialog('Silence chatter.example?');
    await expect(
      within(dialog).getByText(`0 / ${INSTANCE_POLICY_REASON_MAX_LENGTH}`, { exact: false }),
    ).toBeVisible();
    await userEvent.paste('r'.repeat(INSTANCE_POLICY_REASON_MAX_LENGTH + 1));
    await expect(
      await within(dialog).findByText(ERRORS.instanceReasonTooLong.message),
    ).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Silence server' })).toBeDisabled();
    await expect(args.onSetPolicy).not.toHaveBeenCalled();
  },
};

/**
 * "Add a server": the host is checked by the contract's rule (a URL is not a host) and sent
 * lower case, with the policy chosen and a reason.
 */
export const AddAServer: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add a server' }));
    const dialog = await openedDialog('Add a server');
    const host = within(dialog).getByRole('textbox', { name: 'Server' });
    await expect(host).toHaveFocus();
    await userEvent.type(host, 'https://Bad.Example/about');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Scrapers.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Silence server' }));
    await expect(within(dialog).getByText(ERRORS.instanceHostInvalid.message)).toBeVisible();
    await expect(host).toHaveFocus();
    await expect(args.onSetPolicy).not.toHaveBeenCalled();

    await userEvent.clear(host);
    await userEvent.type(host, ' Bad.Example:8443 ');
    const suspend = within(dialog).getByRole('radio', { name: /Suspend/ });
    await expect(within(dialog).getByRole('radio', { name: /Silence/ })).toBeChecked();
    await userEvent.click(suspend);
    await expect(suspend).toHaveAccessibleName(
      'Suspend Nothing is received from it or delivered to it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend server' }));
    await expect(args.onSetPolicy).toHaveBeenCalledWith('bad.example:8443', {
      policy: 'suspend',
      reason: 'Scrapers.',
    });
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Add a server' })).toHaveFocus());
  },
};

/** Lift asks first, opening on Cancel so Enter never lifts by accident. */
export const Lift: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Lift the policy on spam.example' }));
    const dialog = await openedDialog('Lift the policy on spam.example?');
    await expect(dialog).toHaveAccessibleDescription(
      'It is suspended now. Once lifted, its activities are received again and whisps are delivered to it.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lift policy' }));
    await expect(args.onLiftPolicy).toHaveBeenCalledWith(spam);
  },
};

/** The server refuses: its message shows in the dialog, which stays open with the reason kept. */
export const ServerRefuses: Story = {
  args: {
    onSetPolicy: fn(() => Promise.reject(new Error(ERRORS.instanceReasonTooLong.message))),
    onLiftPolicy: fn(() => Promise.reject(new Error(ERRORS.instancePolicyNotFound.message))),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Suspend loud.example' }));
    const dialog = await openedDialog('Suspend loud.example?');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await userEvent.type(reason, 'Worse than before.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend server' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      ERRORS.instanceReasonTooLong.message,
    );
    await expect(reason).toHaveValue('Worse than before.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(canvas.getByRole('button', { name: 'Lift the policy on loud.example' }));
    const lift = await openedDialog('Lift the policy on loud.example?');
    await userEvent.click(within(lift).getByRole('button', { name: 'Lift policy' }));
    await expect(await within(lift).findByRole('alert')).toHaveTextContent(
      ERRORS.instancePolicyNotFound.message,
    );
  },
};

/** The list as the app keeps it: a change shows at once, as the client's cache does. */
function ListWithState(props: InstanceListProps) {
  const [list, setList] = useState<ModerationInstance[]>([...props.instances]);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  return (
    <InstanceList
      {...props}
      instances={list}
      onSetPolicy={async (host: string, input: InstancePolicyInput) => {
        await settle();
        setList((current) =>
          current.map((entry) =>
            entry.host === host ? { ...entry, ...input, since: storyNow.toISOString() } : entry,
          ),
        );
      }}
      onLiftPolicy={async (instance: ModerationInstance) => {
        await settle();
        // A server nobody here knows leaves the list once its policy is lifted.
        setList((current) =>
          instance.members === 0
            ? current.filter((entry) => entry.host !== instance.host)
            : current.map((entry) =>
                entry.host === instance.host
                  ? { ...entry, policy: null, reason: null, since: null }
                  : entry,
              ),
        );
      }}
    />
  );
}

/**
 * Once a policy changes, the button that opened the dialog may be gone (Silence on a silenced
 * server) or the whole row (a server with no members, lifted): focus goes to the row, or to the
 * one that took its place, never to <body>.
 */
export const FocusAfterChanges: Story = {
  render: (args) => <ListWithState {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Silence chatter.example' }));
    const dialog = await openedDialog('Silence chatter.example?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Pile-ons.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Silence server' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rowOf(canvas, 'chatter.example')).toHaveFocus());
    await expect(rowOf(canvas, 'chatter.example')).toHaveTextContent('SilencedSet now');

    await userEvent.click(canvas.getByRole('button', { name: 'Lift the policy on spam.example' }));
    const lift = await openedDialog('Lift the policy on spam.example?');
    await userEvent.click(within(lift).getByRole('button', { name: 'Lift policy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(canvas.getByRole('list')).getAllByRole('listitem')).toHaveLength(2),
    );
    // spam.example was last: the row before it takes the focus.
    await waitFor(() => expect(rowOf(canvas, 'loud.example')).toHaveFocus());
  },
};

export const Loading: Story = {
  args: { status: 'loading', instances: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading servers');
    await expect(canvas.getByRole('button', { name: 'Add a server' })).toBeEnabled();
  },
};

export const Empty: Story = {
  args: { instances: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: INSTANCES_EMPTY_TITLE })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add a server' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { status: 'error', instances: [] },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(INSTANCES_LOAD_FAILED);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** A long host and a long reason wrap inside the row instead of widening the page. */
export const LongText: Story = {
  args: {
    instances: [
      buildModerationInstance({
        host: 'a-very-long-subdomain-name.of-a-federated-server-somewhere.example:8443',
        members: 1234,
        policy: 'silence',
        reason: 'Repeated harassment campaigns organised in public threads, and no answer. '.repeat(
          5,
        ),
        since: minutesAgo(200 * DAY),
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('ul');
    await expect(list?.scrollWidth).toBeLessThanOrEqual(list?.clientWidth ?? 0);
  },
};

/** At a phone's width the actions take their own line and stay a finger's size. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const lift = canvas.getByRole('button', { name: 'Lift the policy on loud.example' });
    await expect(lift.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};

export const PhoneDialog: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add a server' }));
    await openedDialog('Add a server');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const DarkDialog: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Suspend loud.example' }));
    await openedDialog('Suspend loud.example?');
  },
};
