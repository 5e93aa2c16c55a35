/** How many suggested members each screen lists: the sidebar keeps a glance, Explore a fuller list. */
export const SUGGESTED_USERS_SIDEBAR = 3;
export const SUGGESTED_USERS_EXPLORE = 10;
