import { expect } from 'vitest';

/**
 * A member of the target's own server as a member shape addresses them (Federation 1.2): `acct`
 * is the username, `url` their profile page under the target's public URL (the server's and the
 * mocks' are not the same address).
 */
export const localAddressOf = (member: { username: string }) => ({
  acct: member.username,
  url: expect.stringMatching(new RegExp(`^https?://[^/]+/user/${member.username}$`)),
});
