// Finds the rules of a stylesheet that are outside any cascade layer: a library's unlayered rule
// beats the host page's layered ones and ties with its unlayered ones, so @whisp/ui keeps none.
// A small walker over top-level blocks (comments and strings skipped), enough for the plain CSS
// vanilla-extract writes; conditional groups (@media, @supports, @container) are walked into.

const conditionalGroups = new Set(['media', 'supports', 'container', 'scope', 'starting-style']);
// @font-face styles nothing by itself. @keyframes are rules too: vanilla-extract writes them at the
// top level, and the build moves them into the library's layer (packages/ui/build/layerKeyframes.ts).
const harmless = new Set(['font-face']);

function skipStringOrComment(css, index) {
  if (css.startsWith('/*', index)) {
    const end = css.indexOf('*/', index + 2);
    return end === -1 ? css.length : end + 2;
  }
  const quote = css[index];
  if (quote === '"' || quote === "'") {
    let at = index + 1;
    while (at < css.length && css[at] !== quote) at += css[at] === '\\' ? 2 : 1;
    return at + 1;
  }
  return index;
}

/** The index just past the `}` that closes the block opened at `open`. */
function blockEnd(css, open) {
  let depth = 0;
  for (let at = open; at < css.length; ) {
    const skipped = skipStringOrComment(css, at);
    if (skipped !== at) {
      at = skipped;
      continue;
    }
    if (css[at] === '{') depth += 1;
    else if (css[at] === '}') {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
    at += 1;
  }
  throw new Error('unbalanced braces in stylesheet');
}

/** Preludes (`.card`, `@media … > .card`) of every rule outside a cascade layer. */
export function unlayeredRules(css, context = '') {
  const found = [];
  let at = 0;
  while (at < css.length) {
    const skipped = skipStringOrComment(css, at);
    if (skipped !== at) {
      at = skipped;
      continue;
    }
    if (/\s/.test(css[at])) {
      at += 1;
      continue;
    }
    // A prelude runs to the `{` of its block or the `;` of a statement (`@layer a, b;`).
    let end = at;
    while (end < css.length && css[end] !== '{' && css[end] !== ';') {
      end = skipStringOrComment(css, end) === end ? end + 1 : skipStringOrComment(css, end);
    }
    const prelude = css.slice(at, end).trim();
    if (css[end] === ';' || end >= css.length) {
      if (!prelude.startsWith('@')) found.push(`${context}${prelude}`);
      at = end + 1;
      continue;
    }
    const close = blockEnd(css, end);
    const atRule = prelude.match(/^@([\w-]+)/)?.[1];
    if (atRule === undefined) found.push(`${context}${prelude}`);
    else if (conditionalGroups.has(atRule)) {
      found.push(...unlayeredRules(css.slice(end + 1, close - 1), `${context}${prelude} > `));
    } else if (atRule !== 'layer' && !harmless.has(atRule)) found.push(`${context}${prelude}`);
    at = close;
  }
  return found;
}

/** Layer names in the order a stylesheet's `@layer` statements and blocks first mention them. */
export function layerOrder(css) {
  const order = [];
  for (const [, names] of css.matchAll(/@layer\s+([^{;]+)[{;]/g)) {
    for (const name of names.split(',').map((part) => part.trim())) {
      if (!order.includes(name)) order.push(name);
    }
  }
  return order;
}
