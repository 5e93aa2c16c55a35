/** The member a newcomer signs in as; printed at start-up (a demo, never a real account). */
export const DEMO_SIGN_IN = { email: 'demo@example.com', password: 'whisp-demo' } as const;
/** A moderator of the demo network, to see the moderation queue; printed with the demo sign-in. */
export const DEMO_MODERATOR_SIGN_IN = {
  email: 'moderator@example.com',
  password: DEMO_SIGN_IN.password,
} as const;
/** The demo's private member, to answer the follow request waiting for them (privacy.ts). */
export const DEMO_PRIVATE_SIGN_IN = {
  email: 'ines_v@example.com',
  password: DEMO_SIGN_IN.password,
} as const;

export interface DemoSummary {
  members: number;
  whisps: number;
  replies: number;
  rewhisps: number;
  likes: number;
  follows: number;
  images: number;
  /** The demo member's. */
  bookmarks: number;
  /** The demo member's, unread on first sign-in. */
  unreadNotifications: number;
  /** The demo member's, the newest one unread. */
  conversations: number;
  /** Open reports in the moderation queue. */
  openReports: number;
  /** Polls: one open, one ended (Composer 1.2). */
  polls: number;
  /** Waiting for the demo's private member to answer (Privacy 1.2). */
  followRequests: number;
  milliseconds: number;
}
