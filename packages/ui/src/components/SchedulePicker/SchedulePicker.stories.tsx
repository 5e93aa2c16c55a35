import type { Meta, StoryObj } from '@storybook/react-vite';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { SCHEDULE_MIN_LEAD_MS } from '@whisp/api-client/contract/limits';
import { useState } from 'react';
import { expect, fireEvent, fn, screen, waitFor, within } from 'storybook/test';
import { storyNow } from '../../stories/fixtures.js';
import { SchedulePicker, type SchedulePickerProps, ScheduleSummary } from './SchedulePicker.js';
import { memberTimeZone, toLocalParts } from './scheduleTime.js';

const now = () => storyNow.getTime();
const HOUR = 60 * 60 * 1000;

/** The value kept in the story, as the composer keeps it in its draft. */
function SchedulePickerDemo(args: SchedulePickerProps) {
  const [value, setValue] = useState(args.value);
  return (
    <div style={{ paddingTop: 360 }}>
      <SchedulePicker
        {...args}
        value={value}
        onValueChange={(iso) => {
          args.onValueChange(iso);
          setValue(iso);
        }}
      />
      {value ? (
        <ScheduleSummary value={value} onClear={() => setValue(null)} />
      ) : (
        <p>Publishes at once</p>
      )}
    </div>
  );
}

const meta = {
  title: 'Composer/SchedulePicker',
  component: SchedulePicker,
  args: { value: null, onValueChange: fn(), now },
  render: (args) => <SchedulePickerDemo {...args} />,
} satisfies Meta<typeof SchedulePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openPicker(userEvent: { click: (element: Element) => Promise<void> }) {
  await userEvent.click(screen.getByRole('button', { name: 'Schedule for later' }));
  return screen.findByRole('dialog', { name: 'Schedule whisp' });
}

/** Sets the picker's fields as a member would pick them in the browser's date and time controls. */
function setFields(dialog: HTMLElement, iso: string) {
  const parts = toLocalParts(iso);
  fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: parts.date } });
  fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: parts.time } });
}

/**
 * It proposes an hour ahead on the member's clock and names their time zone; "Set time" hands
 * the moment over as ISO and closes.
 */
export const Playground: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await openPicker(userEvent);
    const proposed = toLocalParts(new Date(now() + HOUR).toISOString());
    await expect(within(dialog).getByLabelText('Date')).toHaveValue(proposed.date);
    await expect(within(dialog).getByLabelText('Time')).toHaveValue(proposed.time);
    // The dialog fades in: visible once its opacity has risen (an immediate check failed in CI).
    await waitFor(() =>
      expect(within(dialog).getByText(`Your time zone: ${memberTimeZone()}`)).toBeVisible(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set time' }));
    await expect(args.onValueChange).toHaveBeenCalledWith(new Date(now() + HOUR).toISOString());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(screen.getByText(/^Scheduled for /)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Schedule for later' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** Less than 5 minutes ahead: the contract's sentence, and nothing is set. */
export const TooSoon: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await openPicker(userEvent);
    setFields(dialog, new Date(now() + SCHEDULE_MIN_LEAD_MS - 60_000).toISOString());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set time' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      ERRORS.scheduleTimeInvalid.message,
    );
    await expect(within(dialog).getByLabelText('Time')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/** More than a year ahead is refused the same way. */
export const TooFar: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await openPicker(userEvent);
    setFields(dialog, new Date(now() + 370 * 24 * HOUR).toISOString());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set time' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      ERRORS.scheduleTimeInvalid.message,
    );
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/** Enter in a field sets the time, as it would submit a form; Escape closes without one. */
export const Keyboard: Story = {
  play: async ({ args, userEvent }) => {
    let dialog = await openPicker(userEvent);
    setFields(dialog, new Date(now() + 2 * HOUR).toISOString());
    within(dialog).getByLabelText('Time').focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith(new Date(now() + 2 * HOUR).toISOString());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openPicker(userEvent);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onValueChange).toHaveBeenCalledOnce();
  },
};

/** The chip of a scheduled whisp, with its clear button. */
export const Summary: Story = {
  args: { value: new Date(now() + 3 * HOUR).toISOString() },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText(/^Scheduled for /)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear schedule' }));
    await expect(canvas.getByText('Publishes at once')).toBeVisible();
  },
};

/** Open on a phone, in the dark theme. */
export const OpenDarkPhone: Story = {
  args: { defaultOpen: true },
  globals: { theme: 'dark', viewport: { value: 'phone' } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Schedule whisp' });
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
  },
};
