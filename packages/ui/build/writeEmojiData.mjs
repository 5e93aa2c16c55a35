import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compactEmojiData } from './emojiData.mjs';

// `pnpm --filter @whisp/ui emoji-data`: writes the picker's data file (see emojiData.mjs).
const require = createRequire(import.meta.url);
const read = (path) => JSON.parse(readFileSync(require.resolve(path), 'utf8'));
const data = compactEmojiData(
  read('emojibase-data/en/data.json'),
  read('emojibase-data/en/messages.json'),
);
const target = new URL('../src/components/EmojiPicker/emoji-data.en.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(data)}\n`);
console.log(`wrote ${data.emojis.length} emoji to ${target.pathname}`);
