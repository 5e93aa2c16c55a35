/**
 * A journey through what only a phone shows: the bottom bar, the composer and the feed's tabs at
 * a phone's width, a profile's own menu in place of the side navigation. The phone project runs
 * these; every journey runs on the desktop project, and the components at phone width are tested
 * by their stories (packages/ui/vitest.config.ts).
 */
export const PHONE_JOURNEY = { tag: '@phone' } as const;
