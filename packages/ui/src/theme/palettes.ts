// Colour values of the two themes. Every text/background pair used by a component meets WCAG AA
// (4.5:1) in both themes; the stories' axe checks keep it that way.

export interface Palette {
  /** Page background. */
  background: string;
  /** Raised or set-apart areas: secondary buttons, icon badges. */
  surface: string;
  surfaceHover: string;
  /** Hairline dividers between whisps; decorative, so exempt from the 3:1 rule. */
  border: string;
  /** Outlines of controls that must be seen (3:1 against the background). */
  borderStrong: string;
  text: string;
  textMuted: string;
  /** The brand violet: fills primary buttons and also works as text on `background`. */
  accent: string;
  accentHover: string;
  /** Text and icons drawn on `accent`. */
  onAccent: string;
  accentSubtle: string;
  /** Red is kept for destructive actions and errors only. */
  danger: string;
  dangerHover: string;
  onDanger: string;
  dangerSubtle: string;
  /** Liked hearts: a rose, deliberately not the accent violet. */
  like: string;
  /** Rewhisped arrows: a green, distinct from the accent and the like colour. */
  rewhisp: string;
  focusRing: string;
  tooltipBackground: string;
  tooltipText: string;
  /** Scrim behind dialogs. */
  overlay: string;
}

export const lightPalette: Palette = {
  background: '#ffffff',
  surface: '#f5f4f8',
  surfaceHover: '#eeedf3',
  border: '#e4e2ea',
  borderStrong: '#8d8a99',
  text: '#18171c',
  textMuted: '#5f5c6b',
  accent: '#6548d6',
  accentHover: '#5a3fc4',
  onAccent: '#ffffff',
  accentSubtle: '#efebff',
  danger: '#c62a3c',
  dangerHover: '#a8202f',
  onDanger: '#ffffff',
  dangerSubtle: '#fdecee',
  like: '#c2185b',
  rewhisp: '#117a4b',
  focusRing: '#6548d6',
  tooltipBackground: '#2a2930',
  tooltipText: '#ffffff',
  overlay: 'rgba(24, 23, 28, 0.45)',
};

// True dark greys rather than black, so text is not pure white on pure black; the accent and
// danger turn light in the dark, carrying dark text instead of white.
export const darkPalette: Palette = {
  background: '#17161b',
  surface: '#222127',
  surfaceHover: '#2c2b32',
  border: '#2f2d36',
  borderStrong: '#6f6b7a',
  text: '#ecebf1',
  textMuted: '#a9a6b3',
  accent: '#b4a2ff',
  accentHover: '#c9bcff',
  onAccent: '#17161b',
  accentSubtle: '#2a2540',
  danger: '#f0707b',
  dangerHover: '#f58a93',
  onDanger: '#17161b',
  dangerSubtle: '#3a1f24',
  like: '#ff7ab5',
  rewhisp: '#4fd39a',
  focusRing: '#b4a2ff',
  tooltipBackground: '#ecebf1',
  tooltipText: '#17161b',
  overlay: 'rgba(0, 0, 0, 0.6)',
};
