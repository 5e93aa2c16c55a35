import { globalLayer } from '@vanilla-extract/css';

// The library's two cascade layers, named plainly so a host can place them in its own order
// (`@layer reset, whisp-reset, whisp, app;`). Both styles.css and reset.css start by declaring
// them in this order, whichever file the host imports first: the opt-in reset must lose to the
// components' own rules. Any unlayered rule of the host wins over both.
/** Opt-in page-wide base (`@whisp/ui/reset.css`). */
export const resetLayer = globalLayer('whisp-reset');
/** Every rule of the components and themes (`@whisp/ui/styles.css`). */
export const whispLayer = globalLayer('whisp');
