/** Shown from the first paint (the boot screen in index.html) until GET /health answers. */
export const CONNECTING_LABEL = 'Connecting to Whisp...';
