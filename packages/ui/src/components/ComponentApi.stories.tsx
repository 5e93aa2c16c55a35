import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import {
  ada,
  conversations,
  me,
  messages,
  notification,
  photos,
  post,
  profile,
  storyNow,
} from '../stories/fixtures.js';
import { AuthCard } from './AuthCard/AuthCard.js';
import { BannerRepositioner } from './BannerRepositioner/BannerRepositioner.js';
import { ChatView } from './ChatView/ChatView.js';
import { ComposeModal } from './ComposeModal/ComposeModal.js';
import { EditBioDialog } from './EditBioDialog/EditBioDialog.js';
import { NotificationItem } from './NotificationItem/NotificationItem.js';
import { ProfileHeader } from './ProfileHeader/ProfileHeader.js';
import { ToastProvider } from './Toast/Toast.js';
import { WhispCard } from './WhispCard/WhispCard.js';

const names = [
  'WhispCard',
  'ComposeModal',
  'ProfileHeader',
  'BannerRepositioner',
  'NotificationItem',
  'ChatView',
  'AuthCard',
  'Toast',
  'EditBioDialog',
] as const;
type Name = (typeof names)[number];

const ignore = () => {};

/** The element each component handed to its ref, by name. */
const received = new Map<Name, Element>();
const team = (name: Name) => ({
  className: 'team-class',
  'data-team': name,
  ref: (element: Element | null) => {
    if (element) received.set(name, element);
  },
});

/**
 * Every headline component and the app parts teams embed, given what a team would pass to any
 * React component: a class of its own, a data attribute and a ref. Each must land on the
 * component's root element, beside its own class. Dialogs are checked one at a time, open.
 */
function EveryComponent({ dialog }: { dialog?: 'ComposeModal' | 'EditBioDialog' }) {
  if (dialog === 'ComposeModal') {
    return <ComposeModal {...team('ComposeModal')} open onSubmit={ignore} currentUser={ada} />;
  }
  if (dialog === 'EditBioDialog') {
    return (
      <EditBioDialog {...team('EditBioDialog')} open onOpenChange={ignore} bio="" onSave={ignore} />
    );
  }
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <WhispCard {...team('WhispCard')} post={post()} now={storyNow} />
      <ProfileHeader {...team('ProfileHeader')} profile={profile} />
      <BannerRepositioner
        {...team('BannerRepositioner')}
        imageUrl={photos[0] ?? ''}
        onSave={ignore}
        onCancel={ignore}
      />
      <NotificationItem
        {...team('NotificationItem')}
        notification={notification()}
        now={storyNow}
      />
      <div style={{ height: 360 }}>
        <ChatView
          {...team('ChatView')}
          conversations={conversations}
          selectedId={conversations[0]?.id ?? null}
          onSelect={ignore}
          messages={messages}
          currentUserId={me.id}
          onSend={ignore}
          now={storyNow}
        />
      </div>
      <AuthCard {...team('AuthCard')} onSubmit={ignore} />
      <ToastProvider {...team('Toast')}>
        <span />
      </ToastProvider>
    </div>
  );
}

async function expectTeamPropsOnRoot(name: Name) {
  const root = await waitFor(() => {
    const element = document.querySelector(`[data-team="${name}"]`);
    if (!element) throw new Error(`${name} put no data-team attribute on the page`);
    return element;
  });
  await expect(root.classList.contains('team-class'), name).toBe(true);
  // Composed with the component's own class, never replacing it.
  await expect(root.classList.length, name).toBeGreaterThan(1);
  await expect(received.get(name), `${name}'s ref`).toBe(root);
}

const meta = {
  title: 'Internals/Component API',
  component: EveryComponent,
  tags: ['!autodocs'],
  beforeEach: () => received.clear(),
} satisfies Meta<typeof EveryComponent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ClassNameRefAndDomProps: Story = {
  play: async () => {
    for (const name of names) {
      if (name !== 'ComposeModal' && name !== 'EditBioDialog') await expectTeamPropsOnRoot(name);
    }
  },
};

export const ComposeModalRoot: Story = {
  args: { dialog: 'ComposeModal' },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'New Whisp' })).toHaveAttribute(
      'data-team',
      'ComposeModal',
    );
    await expectTeamPropsOnRoot('ComposeModal');
  },
};

export const EditBioDialogRoot: Story = {
  args: { dialog: 'EditBioDialog' },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Edit bio' })).toHaveAttribute(
      'data-team',
      'EditBioDialog',
    );
    await expectTeamPropsOnRoot('EditBioDialog');
  },
};
