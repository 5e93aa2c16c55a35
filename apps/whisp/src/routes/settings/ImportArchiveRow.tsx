import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportSummary as ImportResult } from '@whisp/api-client';
import { errorMessage } from '@whisp/api-client/contract/errors';
import { ACCOUNT_ARCHIVE_MAX_BYTES } from '@whisp/api-client/limits';
import { accountDataMutations, useWhispClient } from '@whisp/api-client/react';
import {
  Button,
  ImportSummary,
  SettingsRow,
  TransferProgress,
  type TransferState,
} from '@whisp/ui';
import Upload from 'lucide-react/icons/upload';
import { type ChangeEvent, useRef, useState } from 'react';
import * as styles from './SettingsRoute.css';

interface ImportProgress {
  fileName: string;
  state: TransferState;
  loaded?: number;
  total?: number | null;
  /** Every byte is sent: the server is reading the archive. */
  processing?: boolean;
  message?: string;
  result?: ImportResult;
}

/** "Move here from another Whisp server": send an export, then see what it brought. */
export function ImportArchiveRow() {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const importArchive = useMutation(accountDataMutations.importArchive(client, queryClient));
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<ImportProgress>();

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) fires another change.
    event.target.value = '';
    if (!file) return;
    if (file.size > ACCOUNT_ARCHIVE_MAX_BYTES) {
      setUpload({
        fileName: file.name,
        state: 'error',
        loaded: 0,
        total: file.size,
        message: errorMessage('archiveTooLarge'),
      });
      return;
    }
    setUpload({ fileName: file.name, state: 'active', loaded: 0, total: file.size });
    importArchive.mutate(
      {
        archive: file,
        onUploadProgress: ({ loaded, total }) =>
          setUpload((current) =>
            current?.state === 'active'
              ? { ...current, loaded, total, processing: total !== null && loaded >= total }
              : current,
          ),
      },
      {
        onSuccess: (result) =>
          setUpload((current) => current && { ...current, state: 'done', result }),
        onError: (error) =>
          setUpload((current) => current && { ...current, state: 'error', message: error.message }),
      },
    );
  };

  return (
    <>
      <SettingsRow
        label="Move here from another Whisp server"
        hint="Choose the export (.zip) you downloaded there: your whisps keep their dates, and you follow again the members who are here."
      >
        <Button
          variant="secondary"
          size="sm"
          loading={importArchive.isPending}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden width={16} height={16} /> Choose file
        </Button>
        {/* Out of the tab order and the accessibility tree: Choose file is the one control,
            and opens the picker through it (a visually hidden input read as a second button). */}
        <input ref={input} type="file" accept=".zip,application/zip" hidden onChange={chosen} />
      </SettingsRow>
      {upload ? (
        <div className={styles.sectionBody}>
          {upload.state === 'done' && upload.result ? (
            <ImportSummary fileName={upload.fileName} counts={upload.result} />
          ) : (
            <TransferProgress
              label={`Uploading ${upload.fileName}`}
              state={upload.state}
              loaded={upload.loaded}
              total={upload.total}
              indeterminate={upload.processing}
              activity="Importing your whisps…"
              message={upload.message}
            />
          )}
        </div>
      ) : null}
    </>
  );
}
