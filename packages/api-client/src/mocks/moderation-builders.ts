import { REPORT_REASONS } from '../contract/choices.js';
import type { ModerationInstance, ModerationLogEntry, ModerationReport } from '../models.js';
import { buildPost, buildUser, FIXTURE_EPOCH } from './builders.js';

// Fixture builders for the moderation screens: a complete report or log entry, as the contract
// reads it (test/moderation-mocks.test.ts); pass only the fields a story cares about.

let reports = 0;
let entries = 0;
let instances = 0;

const minutesAgo = (minutes: number) => new Date(FIXTURE_EPOCH - minutes * 60_000).toISOString();

/**
 * An open report of a whisp by default (its author is the reported member); `target_type:
 * 'user'` with `post: null` for a profile report, `resolution` for a resolved one.
 */
export function buildModerationReport(overrides: Partial<ModerationReport> = {}): ModerationReport {
  reports += 1;
  const user = overrides.user ?? buildUser();
  const targetType = overrides.target_type ?? 'post';
  return {
    id: `report-${reports}`,
    status: overrides.resolution ? 'resolved' : 'open',
    reason: REPORT_REASONS[(reports - 1) % REPORT_REASONS.length] ?? 'other',
    details: reports % 2 === 1 ? 'Posted the same link in every thread today.' : null,
    created_at: minutesAgo(reports * 35),
    reporter: buildUser(),
    target_type: targetType,
    post: targetType === 'post' ? buildPost({ author: user }) : null,
    user,
    resolution: null,
    ...overrides,
  };
}

export function buildModerationLogEntry(
  overrides: Partial<ModerationLogEntry> = {},
): ModerationLogEntry {
  entries += 1;
  return {
    id: `moderation-${entries}`,
    action: 'dismiss',
    moderator: buildUser(),
    target_user: buildUser(),
    post_id: null,
    report_id: `report-${entries}`,
    note: null,
    created_at: minutesAgo(entries * 20),
    ...overrides,
  };
}

/**
 * Another server with members known here and no policy by default; pass `policy` (with `reason`
 * and `since`, or they are filled in) for a silenced or suspended one.
 */
export function buildModerationInstance(
  overrides: Partial<ModerationInstance> = {},
): ModerationInstance {
  instances += 1;
  const policy = overrides.policy ?? null;
  return {
    host: `social${instances}.example`,
    members: (instances * 7) % 40,
    policy,
    reason: policy ? 'Spam from accounts made in bulk.' : null,
    since: policy ? minutesAgo(instances * 90) : null,
    ...overrides,
  };
}
