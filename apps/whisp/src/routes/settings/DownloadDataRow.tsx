import { useMutation } from '@tanstack/react-query';
import { accountDataMutations, useWhispClient } from '@whisp/api-client/react';
import { Button, SettingsRow, TransferProgress, type TransferState } from '@whisp/ui';
import Download from 'lucide-react/icons/download';
import { useRef, useState } from 'react';
import * as styles from './SettingsRoute.css';
import { saveFile } from './saveFile';

interface Progress {
  state: TransferState;
  loaded?: number;
  total?: number | null;
  message?: string;
}

/** "Download your data": the server's zip, with its progress, then the browser's download. */
export function DownloadDataRow() {
  const client = useWhispClient();
  const download = useMutation(accountDataMutations.downloadExport(client));
  const [progress, setProgress] = useState<Progress>();
  // Chunks arrive many times a second; the bar is redrawn at most once a frame.
  const frame = useRef<number | undefined>(undefined);

  const start = () => {
    setProgress({ state: 'active' });
    download.mutate(
      {
        onProgress: ({ loaded, total }) => {
          if (frame.current !== undefined) cancelAnimationFrame(frame.current);
          frame.current = requestAnimationFrame(() =>
            setProgress((current) =>
              current?.state === 'active' ? { state: 'active', loaded, total } : current,
            ),
          );
        },
      },
      {
        onSuccess: ({ archive, filename }) => {
          if (frame.current !== undefined) cancelAnimationFrame(frame.current);
          saveFile(archive, filename);
          setProgress({
            state: 'done',
            loaded: archive.size,
            total: archive.size,
            message: `Saved as ${filename}.`,
          });
        },
        onError: (error) => {
          if (frame.current !== undefined) cancelAnimationFrame(frame.current);
          setProgress((current) => ({ ...current, state: 'error', message: error.message }));
        },
      },
    );
  };

  return (
    <>
      <SettingsRow
        label="Download your data"
        hint="A zip of your profile, whisps, media, follows, bookmarks and messages."
      >
        <Button variant="secondary" size="sm" loading={download.isPending} onClick={start}>
          <Download aria-hidden width={16} height={16} /> Download
        </Button>
      </SettingsRow>
      {progress ? (
        <div className={styles.sectionBody}>
          <TransferProgress
            label="Downloading your data"
            state={progress.state}
            loaded={progress.loaded}
            total={progress.total}
            activity="Preparing your archive…"
            message={progress.message}
          />
        </div>
      ) : null}
    </>
  );
}
