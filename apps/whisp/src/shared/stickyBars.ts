/**
 * The heights of what stays on screen while the page scrolls, in one place: the bars are drawn
 * from these, and the page's scroll padding keeps what has focus clear of them (WCAG 2.2, Focus
 * Not Obscured).
 */

/** PageHeader, sticky at the top of every screen. */
export const PAGE_HEADER_HEIGHT = 56;

/**
 * A row of tabs sticking under a header (the profile's, the home feed's): the library's Tabs
 * trigger is 48 px high, with a 1 px border under the row.
 */
export const TAB_BAR_HEIGHT = 49;

/** The tallest sticky stack at the top of a page: a header with a tab bar under it. */
export const STICKY_TOP_HEIGHT = PAGE_HEADER_HEIGHT + TAB_BAR_HEIGHT;

/**
 * What the phone's fixed bottom bar (72 px) and the round compose button floating above it cover
 * at the bottom of the screen, the device's safe area aside.
 */
export const PHONE_BOTTOM_CLEARANCE = 144;

/** Room for the focus ring (2 px wide, 2 px off the element) and a little air around it. */
export const FOCUS_RING_CLEARANCE = 8;
