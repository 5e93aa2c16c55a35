import { type EmojiPickerListComponents, EmojiPicker as Picker } from 'frimousse';
import Apple from 'lucide-react/icons/apple';
import Flag from 'lucide-react/icons/flag';
import Hand from 'lucide-react/icons/hand';
import Heart from 'lucide-react/icons/heart';
import Leaf from 'lucide-react/icons/leaf';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Plane from 'lucide-react/icons/plane';
import Smile from 'lucide-react/icons/smile';
import Trophy from 'lucide-react/icons/trophy';
import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { IconButton } from '../IconButton/IconButton.js';
import * as styles from './EmojiPicker.css.js';
import { resolveBundledEmojiData } from './emojiData.js';
import {
  readRecentEmoji,
  readSkinTone,
  rememberEmoji,
  rememberSkinTone,
  type SkinTone,
} from './recentEmoji.js';

/** emojibase's groups as the picker names them, in its order, each with an icon to jump to it. */
const CATEGORIES: readonly { label: string; icon: ReactElement }[] = [
  { label: 'Smileys & emotion', icon: <Smile /> },
  { label: 'People & body', icon: <Hand /> },
  { label: 'Animals & nature', icon: <Leaf /> },
  { label: 'Food & drink', icon: <Apple /> },
  { label: 'Travel & places', icon: <Plane /> },
  { label: 'Activities', icon: <Trophy /> },
  { label: 'Objects', icon: <Lightbulb /> },
  { label: 'Symbols', icon: <Heart /> },
  { label: 'Flags', icon: <Flag /> },
];

const SKIN_TONE_NAMES: Record<SkinTone, string> = {
  none: 'Default',
  light: 'Light',
  'medium-light': 'Medium-light',
  medium: 'Medium',
  'medium-dark': 'Medium-dark',
  dark: 'Dark',
};

/** frimousse counts rows and columns from 0; ARIA counts them from 1. */
function fromOne<Props extends object>(props: Props, attribute: 'aria-rowindex' | 'aria-colindex') {
  const index = (props as Record<string, unknown>)[attribute];
  return typeof index === 'number' ? { ...props, [attribute]: index + 1 } : props;
}

const listParts: EmojiPickerListComponents = {
  CategoryHeader: ({ category, ...props }) => (
    <div className={styles.categoryHeader} {...props}>
      {category.label}
    </div>
  ),
  Row: ({ children, ...props }) => (
    <div className={styles.row} {...fromOne(props, 'aria-rowindex')}>
      {children}
    </div>
  ),
  Emoji: ({ emoji, ...props }) => (
    <button type="button" className={styles.emoji} {...fromOne(props, 'aria-colindex')}>
      {emoji.emoji}
    </button>
  ),
};

export interface EmojiPickerPanelProps {
  /** Called with the picked emoji, in the chosen skin tone. */
  onEmojiSelect: (emoji: string) => void;
}

/**
 * The picker itself: search, recently used, categories, skin tone, and a grid the arrow keys move
 * through while the search keeps focus (Enter picks). Loaded only when a picker first opens.
 */
export default function EmojiPickerPanel({ onEmojiSelect }: EmojiPickerPanelProps) {
  const [recent, setRecent] = useState(readRecentEmoji);
  const [skinTone, setSkinTone] = useState(readSkinTone);
  const search = useRef<HTMLInputElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const ids = useId();

  // The popover may open before this chunk arrives: focus goes to the search once it is here. A
  // frame later, so that the popover's focus scope is in place: inside a dialog (the composer),
  // the dialog's scope would otherwise take focus back from a field outside it.
  useEffect(() => {
    const frame = requestAnimationFrame(() => search.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const pick = (emoji: string) => {
    setRecent(rememberEmoji(emoji));
    onEmojiSelect(emoji);
  };

  const jumpTo = (label: string) => {
    const headers = viewport.current?.querySelectorAll<HTMLElement>('[frimousse-category]');
    const category = Array.from(headers ?? []).find(
      (element) => element.textContent?.trim() === label,
    );
    if (category && viewport.current) viewport.current.scrollTo({ top: category.offsetTop });
  };

  return (
    <Picker.Root
      className={styles.root}
      columns={8}
      skinTone={skinTone}
      resolveEmojiData={resolveBundledEmojiData}
      onEmojiSelect={({ emoji }) => pick(emoji)}
    >
      <div className={styles.header}>
        <Picker.Search
          ref={search}
          className={styles.search}
          aria-label="Search emoji"
          placeholder="Search emoji"
        />
        <Picker.SkinTone>
          {({ skinToneVariations, setSkinTone: setPickerSkinTone }) => (
            <select
              aria-label="Skin tone"
              className={styles.skinTone}
              value={skinTone}
              onChange={(event) => {
                const tone = event.target.value as SkinTone;
                setSkinTone(tone);
                setPickerSkinTone(tone);
                rememberSkinTone(tone);
              }}
            >
              {skinToneVariations.map((variation) => (
                <option key={variation.skinTone} value={variation.skinTone}>
                  {`${variation.emoji} ${SKIN_TONE_NAMES[variation.skinTone]}`}
                </option>
              ))}
            </select>
          )}
        </Picker.SkinTone>
      </div>
      {recent.length > 0 ? (
        <section className={styles.recent} aria-labelledby={`${ids}-recent`}>
          <h3 id={`${ids}-recent`} className={styles.sectionLabel}>
            Recently used
          </h3>
          <ul className={styles.recentList}>
            {recent.map((emoji) => (
              <li key={emoji}>
                <button type="button" className={styles.emoji} onClick={() => pick(emoji)}>
                  {emoji}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <nav className={styles.categories} aria-label="Emoji categories">
        {CATEGORIES.map((category) => (
          <IconButton
            key={category.label}
            label={category.label}
            size="sm"
            tooltipSide="bottom"
            onClick={() => jumpTo(category.label)}
          >
            {category.icon}
          </IconButton>
        ))}
      </nav>
      <Picker.Viewport ref={viewport} className={styles.viewport}>
        <Picker.Loading className={styles.message}>Loading emoji…</Picker.Loading>
        <Picker.Empty className={styles.message}>
          {({ search: text }) => `No emoji found for “${text}”`}
        </Picker.Empty>
        <Picker.List className={styles.list} aria-label="Emoji" components={listParts} />
      </Picker.Viewport>
      <div className={styles.footer}>
        <Picker.ActiveEmoji>
          {({ emoji }) =>
            emoji ? (
              <>
                <span className={styles.previewEmoji}>{emoji.emoji}</span>
                <span className={styles.previewLabel}>{emoji.label}</span>
              </>
            ) : (
              <span className={styles.previewLabel}>Arrow keys move, Enter picks</span>
            )
          }
        </Picker.ActiveEmoji>
      </div>
    </Picker.Root>
  );
}
