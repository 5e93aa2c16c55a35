import type { Id } from '../models.js';
import type { MockData, ReportRecord, UserRecord } from './store/records.js';

/**
 * The moderation side of the default data set: a moderator and an admin with sessions of their
 * own (so a story can show the queue by signing in as one), and open reports of whisps and of a
 * member, with reasons and details, so the queue is not empty on first look; and a suspended and
 * a silenced server, so the instance list is not either.
 */

export const MOCK_MODERATOR = {
  id: 'user-morgan',
  username: 'morgan_mod',
  display_name: 'Morgan Reyes',
  email: 'morgan@whisp.test',
} as const;
export const MOCK_MODERATOR_TOKEN = 'mock-token-morgan';

export const MOCK_ADMIN = {
  id: 'user-avery',
  username: 'avery_admin',
  display_name: 'Avery Quinn',
  email: 'avery@whisp.test',
} as const;
export const MOCK_ADMIN_TOKEN = 'mock-token-avery';

export function seedModeration(
  data: MockData,
  options: { password: string; viewerId: Id; at: (minutesAgo: number) => string },
) {
  const { password, viewerId, at } = options;
  const staff = (
    person: { id: Id; username: string; display_name: string; email: string },
    role: 'moderator' | 'admin',
    token: string,
  ): UserRecord => {
    data.sessions[token] = person.id;
    return {
      ...person,
      password,
      bio: role === 'admin' ? 'Runs this Whisp server.' : 'Keeping Whisp kind.',
      avatar: null,
      banner: null,
      banner_position_x: 50,
      banner_position_y: 50,
      is_verified: false,
      is_private: false,
      created_at: at(60 * 24 * 350),
      role,
    };
  };
  data.users.push(
    staff(MOCK_MODERATOR, 'moderator', MOCK_MODERATOR_TOKEN),
    staff(MOCK_ADMIN, 'admin', MOCK_ADMIN_TOKEN),
  );

  // About members other than the viewer (whose stories show their own notices), reported by
  // others than the whisps' authors; the oldest report leads the queue.
  const members = data.users.filter(
    (user) => (!user.role || user.role === 'member') && user.id !== viewerId,
  );
  const whisps = data.posts.filter((post) => !post.rewhisp_of_id && !post.is_reply);
  const reporterFor = (authorId: Id, offset: number) =>
    members.filter((member) => member.id !== authorId)[offset % Math.max(1, members.length - 1)];
  const reports: Omit<ReportRecord, 'id' | 'user_id' | 'created_at'>[] = [];
  const [first, second] = whisps.filter((post) => members.some((m) => m.id === post.author_id));
  if (first) {
    reports.push({
      target_type: 'post',
      post_id: first.id,
      target_user_id: first.author_id,
      reason: 'spam',
      details: 'The same link posted in every thread this week.',
      resolution: null,
    });
  }
  if (second) {
    reports.push({
      target_type: 'post',
      post_id: second.id,
      target_user_id: second.author_id,
      reason: 'misinformation',
      details: null,
      resolution: null,
    });
  }
  const profile = members.at(-1);
  if (profile) {
    reports.push({
      target_type: 'user',
      post_id: null,
      target_user_id: profile.id,
      reason: 'harassment',
      details: 'Replies to my whisps with insults, and messages me after I asked them to stop.',
      resolution: null,
    });
  }
  reports.forEach((report, index) => {
    const reporter = reporterFor(report.target_user_id, index + 1);
    if (!reporter) return;
    data.reports.push({
      ...report,
      id: `report-${index + 1}`,
      user_id: reporter.id,
      created_at: at(240 - index * 60),
    });
  });

  // Remote members are not seeded (every mock member is local): these servers show no members.
  const policySet = (minutesAgo: number) => ({
    created_at: at(minutesAgo),
    updated_at: at(minutesAgo),
  });
  data.instancePolicies.push(
    {
      host: 'spam.example',
      policy: 'suspend',
      reason: 'Accounts made in bulk that post the same links everywhere.',
      set_by: MOCK_ADMIN.id,
      ...policySet(60 * 24 * 30),
    },
    {
      host: 'loud.example',
      policy: 'silence',
      reason: 'Its members pile on people here, and its admins do not answer reports.',
      set_by: MOCK_MODERATOR.id,
      ...policySet(60 * 24 * 3),
    },
  );
}
