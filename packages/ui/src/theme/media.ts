/** Product-spec section 9: 769 px and up is the wide layout; below it the phone layout. */
export const breakpoints = {
  /** The post menu is a bottom sheet below this width. */
  sheet: 600,
  wide: 769,
  /** The left navigation shows its labels from here; icons only between `wide` and this. */
  navigationLabels: 1280,
} as const;

/** Media query conditions for vanilla-extract's `@media` key. */
export const media = {
  phone: `screen and (max-width: ${breakpoints.wide - 1}px)`,
  /** Where menus turn into bottom sheets. */
  sheet: `screen and (max-width: ${breakpoints.sheet - 1}px)`,
  wide: `screen and (min-width: ${breakpoints.wide}px)`,
  /** Wide, but too narrow for the navigation's labels. */
  compact: `screen and (min-width: ${breakpoints.wide}px) and (max-width: ${breakpoints.navigationLabels - 1}px)`,
  navigationLabels: `screen and (min-width: ${breakpoints.navigationLabels}px)`,
} as const;
