import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { postKeys, userKeys } from '../query/keys.js';
import type {
  AccountDeletionConfirmation,
  DownloadExportOptions,
  ImportArchiveOptions,
  TransferProgress,
} from './accountData.api.js';

const accountDataKey = ['account-data'] as const;

export interface ImportArchiveInput {
  archive: Blob;
  onUploadProgress?: (progress: TransferProgress) => void;
  signal?: AbortSignal;
}

export const accountDataMutations = {
  /** Downloads the export; `mutate({ onProgress })` follows the bytes as they arrive. */
  downloadExport: (client: WhispClient) =>
    mutationOptions({
      mutationKey: [...accountDataKey, 'export'],
      mutationFn: (options: DownloadExportOptions = {}) =>
        client.accountData.downloadExport(options),
    }),

  /** The imported whisps and follows show in the member's profile and feeds: read them again. */
  importArchive: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...accountDataKey, 'import'],
      mutationFn: ({ archive, ...options }: ImportArchiveInput) =>
        client.accountData.importArchive(archive, options satisfies ImportArchiveOptions),
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: postKeys.all }),
          queryClient.invalidateQueries({ queryKey: userKeys.all }),
        ]),
    }),

  /** The account is gone and the token with it: nothing cached may show for the next member. */
  deleteAccount: (client: WhispClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...accountDataKey, 'delete'],
      mutationFn: (confirmation: string | AccountDeletionConfirmation) =>
        client.accountData.deleteAccount(confirmation),
      onSuccess: () => queryClient.clear(),
    }),
};
