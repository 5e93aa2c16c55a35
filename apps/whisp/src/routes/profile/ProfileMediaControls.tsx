import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@whisp/api-client/contract/errors';
import { AVATAR_MAX_BYTES, BANNER_MAX_BYTES } from '@whisp/api-client/limits';
import { userMutations } from '@whisp/api-client/react';
import { Button, useToast } from '@whisp/ui';
import Camera from 'lucide-react/icons/camera';
import ImageIcon from 'lucide-react/icons/image';
import { useRef } from 'react';
import { client } from '../../client';
import * as styles from './ProfileRoute.css';

/** Product-spec section 5: the image checks run before any upload. */
function problemWith(file: File, maxBytes: number): string | null {
  if (!file.type.startsWith('image/')) return 'Please select an image file';
  if (file.size >= maxBytes) {
    return errorMessage('imageFileTooLarge', maxBytes);
  }
  return null;
}

/** Change avatar and banner, on your own profile only. */
export function ProfileMediaControls() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const avatar = useMutation(userMutations.uploadAvatar(client, queryClient));
  const banner = useMutation(userMutations.uploadBanner(client, queryClient));
  const avatarInput = useRef<HTMLInputElement>(null);
  const bannerInput = useRef<HTMLInputElement>(null);

  const pick = (kind: 'avatar' | 'banner') => (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = problemWith(file, kind === 'avatar' ? AVATAR_MAX_BYTES : BANNER_MAX_BYTES);
    if (problem) {
      toast(problem, { variant: 'error' });
      return;
    }
    const mutation = kind === 'avatar' ? avatar : banner;
    mutation.mutate(file, {
      onSuccess: () => toast(kind === 'avatar' ? 'Avatar updated' : 'Banner updated'),
      onError: (reason) =>
        toast(`Failed to upload ${kind}: ${reason.message}`, { variant: 'error', duration: 5000 }),
    });
  };

  return (
    <div className={styles.mediaControls}>
      <Button
        variant="secondary"
        size="sm"
        loading={avatar.isPending}
        onClick={() => avatarInput.current?.click()}
      >
        <Camera aria-hidden width={16} height={16} /> Change avatar
      </Button>
      <Button
        variant="secondary"
        size="sm"
        loading={banner.isPending}
        onClick={() => bannerInput.current?.click()}
      >
        <ImageIcon aria-hidden width={16} height={16} /> Change banner
      </Button>
      <input
        ref={avatarInput}
        type="file"
        accept="image/*"
        hidden
        onChange={pick('avatar')}
        aria-label="Avatar image"
      />
      <input
        ref={bannerInput}
        type="file"
        accept="image/*"
        hidden
        onChange={pick('banner')}
        aria-label="Banner image"
      />
    </div>
  );
}
