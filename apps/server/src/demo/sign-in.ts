/** The member a newcomer signs in as; printed at start-up (a demo, never a real account). */
export const DEMO_SIGN_IN = { email: 'demo@example.com', password: 'whisp-demo' } as const;

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
  milliseconds: number;
}
