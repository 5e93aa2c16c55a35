import { type BannerPosition, BannerRepositioner, Dialog } from '@whisp/ui';

/** The reposition-banner dialog: drag or use the arrow keys, then save. */
export function BannerDialog({
  imageUrl,
  position,
  saving,
  error,
  onSave,
  onCancel,
}: {
  imageUrl: string;
  position: BannerPosition;
  saving: boolean;
  error?: string;
  onSave: (position: BannerPosition) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Content aria-describedby={undefined}>
        <Dialog.Title>Reposition banner</Dialog.Title>
        <BannerRepositioner
          imageUrl={imageUrl}
          defaultPosition={position}
          onSave={onSave}
          onCancel={onCancel}
          saving={saving}
          error={error}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
