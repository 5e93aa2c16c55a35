import { describe, expect, it } from 'vitest';
import { contrastMinimum, contrastRatio, formatContrastRatio, hexChannels } from './contrast.js';
import { darkPalette, lightPalette } from './palettes.js';

describe('contrastRatio', () => {
  it('spans 1:1 for a colour on itself to 21:1 for black on white', () => {
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
  });

  it('gives the same ratio whichever colour comes first', () => {
    expect(contrastRatio('#6548d6', '#ffffff')).toBe(contrastRatio('#ffffff', '#6548d6'));
  });

  it('matches published WCAG figures', () => {
    // WebAIM's contrast checker: #767676 on white is the lightest grey that passes AA, 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(contrastMinimum.text);
  });

  it('reads the short hex form as the long one', () => {
    expect(contrastRatio('#fff', '#000')).toBe(contrastRatio('#ffffff', '#000000'));
    expect(hexChannels('#6548d6')).toEqual([101, 72, 214]);
  });

  it('refuses colours that are not hex', () => {
    expect(() => contrastRatio('rgba(0, 0, 0, 0.5)', '#ffffff')).toThrow(/#rgb or #rrggbb/);
  });

  it('finds body text readable in both palettes', () => {
    for (const palette of [lightPalette, darkPalette]) {
      expect(contrastRatio(palette.text, palette.background)).toBeGreaterThan(contrastMinimum.text);
    }
  });
});

describe('formatContrastRatio', () => {
  it('writes two decimals and the ":1"', () => {
    expect(formatContrastRatio(21)).toBe('21.00:1');
    expect(formatContrastRatio(4.5)).toBe('4.50:1');
  });

  it('never rounds a failing ratio up to the threshold', () => {
    expect(formatContrastRatio(4.4999)).toBe('4.49:1');
  });
});
