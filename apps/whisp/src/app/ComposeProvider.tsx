import { isApiError, isScheduledWhisp } from '@whisp/api-client';
import { useCreatePost } from '@whisp/api-client/react';
import type { ComposeDraft, ComposeMedia } from '@whisp/ui';
import { useToast } from '@whisp/ui';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { uploadMediaWithProgress } from './mediaUpload';
import { useCurrentUser } from './SessionProvider';

// The dialog (and the dialog library under it) loads after the first screen, when the browser is idle.
const loadComposeDialog = () => import('./ComposeDialog');
const ComposeDialog = lazy(loadComposeDialog);

/** Fetches the dialog's code ahead of the first 'New Whisp', once the first screen has drawn. */
export function preloadComposeDialog() {
  void loadComposeDialog();
}

const emptyDraft: ComposeDraft = {
  content: '',
  replySettings: { can_reply: 'everyone', can_repost: true },
  contentWarning: null,
  poll: null,
  scheduledAt: null,
};

/** The server's words for a whisp stored for later (its answer's `message`). */
const SCHEDULED_MESSAGE = 'Whisp scheduled';
export const SCHEDULED_PATH = '/scheduled';

/** GIFs are taken as animated (the server keeps their frames); the tile plays them. */
function mediaKind(file: File): ComposeMedia['kind'] {
  if (file.type.startsWith('video/')) return 'video';
  return file.type === 'image/gif' ? 'animated' : 'image';
}

interface ComposeContextValue {
  openCompose: () => void;
}

const ComposeContext = createContext<ComposeContextValue | null>(null);

interface TrackedMedia extends ComposeMedia {
  uploadedUrl?: string;
}

/** The 'New Whisp' dialog, opened from the navigation, the bottom bar and the `n` key. */
export function ComposeProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { toast } = useToast();
  const createPost = useCreatePost();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ComposeDraft>(emptyDraft);
  const [media, setMedia] = useState<TrackedMedia[]>([]);
  const [error, setError] = useState<string>();

  const [mounted, setMounted] = useState(false);
  const openCompose = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);

  const patchMedia = (id: string, patch: Partial<TrackedMedia>) =>
    setMedia((items) => items.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  const attach = (files: File[]) => {
    for (const file of files) {
      const id = crypto.randomUUID();
      setMedia((items) => [
        ...items,
        {
          id,
          name: file.name,
          previewUrl: URL.createObjectURL(file),
          kind: mediaKind(file),
          progress: 0,
        },
      ]);
      uploadMediaWithProgress(file, (progress) => patchMedia(id, { progress }))
        .then((uploadedUrl) => patchMedia(id, { uploadedUrl, progress: undefined }))
        .catch((reason: Error) => patchMedia(id, { error: reason.message }));
    }
  };

  const remove = (id: string) =>
    setMedia((items) => {
      const gone = items.find((item) => item.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return items.filter((item) => item.id !== id);
    });

  // Kept with the attachment, so closing the dialog keeps the description as it keeps the text.
  const describe = (id: string, alt: string) => patchMedia(id, { alt: alt || undefined });

  const clearDraft = () => {
    setDraft(emptyDraft);
    for (const item of media) URL.revokeObjectURL(item.previewUrl);
    setMedia([]);
  };

  const openScheduled = useCallback(() => {
    setOpen(false);
    navigate(SCHEDULED_PATH);
  }, [navigate]);

  const submit = async (value: Required<ComposeDraft>) => {
    setError(undefined);
    const attachments = media.flatMap((item) =>
      item.uploadedUrl ? [{ url: item.uploadedUrl, alt: item.alt ?? null }] : [],
    );
    try {
      const answer = await createPost.mutateAsync({
        content: value.content,
        media: attachments.length > 0 ? attachments : undefined,
        reply_settings: value.replySettings,
        content_warning: value.contentWarning,
        poll: value.poll
          ? {
              options: value.poll.options,
              expires_in: value.poll.expiresIn,
              multiple: value.poll.multiple,
            }
          : null,
        scheduled_at: value.scheduledAt,
      });
      if (isScheduledWhisp(answer)) {
        toast(SCHEDULED_MESSAGE, {
          variant: 'success',
          action: {
            label: 'View',
            onAction: openScheduled,
            altText: 'Scheduled whisps are listed in Settings, Whisps',
          },
        });
      } else {
        toast('Your whisp was posted', { variant: 'success' });
      }
      clearDraft();
    } catch (reason) {
      // Product-spec section 8: the server's message when it gave one.
      const message = isApiError(reason) ? reason.message : 'Failed to create post';
      setError(message);
      toast(message || 'Failed to create post', { variant: 'error' });
      // Rejecting keeps ComposeModal open with the draft.
      throw reason;
    }
  };

  return (
    <ComposeContext.Provider value={{ openCompose }}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <ComposeDialog
            open={open}
            onOpenChange={(next) => {
              if (!next) setError(undefined);
              setOpen(next);
            }}
            currentUser={{ display_name: user.display_name, avatar: user.profile_picture_url }}
            draft={draft}
            onDraftChange={setDraft}
            media={media}
            onAttachMedia={attach}
            onRemoveMedia={remove}
            onDescribeMedia={describe}
            onSubmit={submit}
            onOpenScheduled={openScheduled}
            submitting={createPost.isPending}
            error={error}
          />
        </Suspense>
      ) : null}
    </ComposeContext.Provider>
  );
}

export function useCompose(): ComposeContextValue {
  const value = useContext(ComposeContext);
  if (!value) throw new Error('useCompose needs a <ComposeProvider> above it.');
  return value;
}
