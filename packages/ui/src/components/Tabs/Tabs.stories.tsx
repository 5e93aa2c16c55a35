import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import * as Tabs from './Tabs.js';

function ExampleTabs(props: Tabs.RootProps) {
  return (
    <Tabs.Root defaultValue="for-you" {...props}>
      <Tabs.List aria-label="Feeds">
        <Tabs.Trigger value="for-you">For you</Tabs.Trigger>
        <Tabs.Trigger value="following">Following</Tabs.Trigger>
        <Tabs.Trigger value="notifications">Notifications</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="for-you">
        <p>Whisps picked for you.</p>
      </Tabs.Content>
      <Tabs.Content value="following">
        <p>Whisps from people you follow.</p>
      </Tabs.Content>
      <Tabs.Content value="notifications">
        <p>Your notifications.</p>
      </Tabs.Content>
    </Tabs.Root>
  );
}

const meta = {
  title: 'Primitives/Tabs',
  component: ExampleTabs,
} satisfies Meta<typeof ExampleTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Following' }));
    await expect(canvas.getByRole('tab', { name: 'Following' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The panel is named by its tab, and the tab points at it.
    const panel = canvas.getByRole('tabpanel', { name: 'Following' });
    await expect(panel).toHaveTextContent('people you follow');
    await expect(canvas.getByRole('tab', { name: 'Following' })).toHaveAttribute(
      'aria-controls',
      panel.id,
    );
  },
};

/** Arrow keys move between tabs, as in every tab list. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Notifications' })).toHaveFocus();
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Your notifications');
  },
};
