import {
  type ComplexStyleRule,
  type GlobalStyleRule,
  type StyleRule,
  globalStyle as unlayeredGlobalStyle,
  style as unlayeredStyle,
} from '@vanilla-extract/css';
import { whispLayer } from './layers.css.js';

// vanilla-extract's `style`, `styleVariants` and `globalStyle`, with every rule put in the `whisp`
// cascade layer, so an embedding page's own unlayered CSS always wins over the library's. The
// components' `.css.ts` files import from here rather than from '@vanilla-extract/css'; the
// package check (scripts/check-packages.mjs) fails the build's styles.css if a rule escapes.
// `keyframes` stays as it is: vanilla-extract cannot put @keyframes in a layer, and a keyframes
// rule with a hashed name styles nothing on its own.
export { keyframes } from '@vanilla-extract/css';
export type { ComplexStyleRule, GlobalStyleRule, StyleRule };

function inLayer<Rule extends StyleRule | GlobalStyleRule>(rule: Rule): Rule {
  return { '@layer': { [whispLayer]: rule } } as Rule;
}

export function style(rule: ComplexStyleRule, debugId?: string): string {
  const parts = Array.isArray(rule) ? rule : [rule];
  return unlayeredStyle(
    parts.map((part) => (typeof part === 'string' || Array.isArray(part) ? part : inLayer(part))),
    debugId,
  );
}

export function styleVariants<StyleMap extends Record<string | number, ComplexStyleRule>>(
  styleMap: StyleMap,
  debugId?: string,
): Record<keyof StyleMap, string>;
export function styleVariants<
  Data extends Record<string | number, unknown>,
  Key extends keyof Data,
>(
  data: Data,
  mapData: (value: Data[Key], key: Key) => ComplexStyleRule,
  debugId?: string,
): Record<keyof Data, string>;
export function styleVariants(
  data: Record<string, unknown>,
  mapDataOrDebugId?: ((value: unknown, key: string) => ComplexStyleRule) | string,
  debugId?: string,
): Record<string, string> {
  const mapData = typeof mapDataOrDebugId === 'function' ? mapDataOrDebugId : undefined;
  const prefix = typeof mapDataOrDebugId === 'string' ? mapDataOrDebugId : debugId;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      style(
        mapData ? mapData(value, key) : (value as ComplexStyleRule),
        prefix ? `${prefix}_${key}` : key,
      ),
    ]),
  );
}

export function globalStyle(selector: string, rule: GlobalStyleRule): void {
  unlayeredGlobalStyle(selector, inLayer(rule));
}
