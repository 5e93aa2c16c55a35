import path from 'node:path';
import type { Config } from '../../config.js';

/** Where the server keeps uploaded media: the same place src/plugins/media-storage.ts uses. */
export function mediaDirectoryOf(config: Pick<Config, 'dataDir'>) {
  return path.join(config.dataDir, 'media');
}
