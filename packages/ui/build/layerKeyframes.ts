import type { Plugin } from 'vite';

/**
 * vanilla-extract writes `@keyframes` at the top level of the stylesheet (its `keyframes()` takes
 * no layer), which would leave them the only rules of dist/styles.css outside `@layer whisp`.
 * Keyframes inside a layer work the same (a name defined in several layers resolves by layer
 * order, and ours are hashed), so the build moves them into the library's layer.
 */
export function layerKeyframes(layer: string): Plugin {
  return {
    name: 'whisp:layer-keyframes',
    // After Vite's own CSS plugin has written the stylesheet into the bundle.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
          const css =
            typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
          file.source = moveTopLevelKeyframes(css, layer);
        }
      },
    },
  };
}

/** The stylesheet with every top-level `@keyframes` block moved into one `@layer <layer>` block. */
export function moveTopLevelKeyframes(css: string, layer: string): string {
  const kept: string[] = [];
  const keyframes: string[] = [];
  let depth = 0;
  let blockStart = 0;
  let inKeyframes = false;
  for (let at = 0; at < css.length; at += 1) {
    const character = css[at];
    if (character === '/' && css[at + 1] === '*') {
      const end = css.indexOf('*/', at + 2);
      at = end === -1 ? css.length : end + 1;
      continue;
    }
    if (
      depth === 0 &&
      character === '@' &&
      /^@(-webkit-)?keyframes\s/.test(css.slice(at, at + 20))
    ) {
      kept.push(css.slice(blockStart, at));
      blockStart = at;
      inKeyframes = true;
    }
    if (character === '{') depth += 1;
    else if (character === '}') {
      depth -= 1;
      if (depth === 0 && inKeyframes) {
        keyframes.push(css.slice(blockStart, at + 1));
        blockStart = at + 1;
        inKeyframes = false;
      }
    }
  }
  kept.push(css.slice(blockStart));
  if (keyframes.length === 0) return css;
  return `${kept.join('').trimEnd()}\n@layer ${layer} {\n${keyframes.join('\n')}\n}\n`;
}
