import type { Profile } from '@whisp/api-client';
import { describe, expect, it } from 'vitest';
import { chatPermission, draftConversation } from './messagePermission';

describe('chatPermission', () => {
  it('opens the message box when the conversation allows it and no send was refused', () => {
    expect(chatPermission('allowed', false)).toEqual({ allowed: true });
    // The conversation list not read yet: nothing says no.
    expect(chatPermission(undefined, false)).toEqual({ allowed: true });
  });

  it('shows the setting that refuses the viewer before anyone types', () => {
    expect(chatPermission('nobody', false)).toEqual({ allowed: false, reason: 'nobody' });
    expect(chatPermission('following', false)).toEqual({ allowed: false, reason: 'following' });
  });

  it('closes the box after a refused send, with the reason once the conversation says it', () => {
    expect(chatPermission('allowed', true)).toEqual({ allowed: false });
    expect(chatPermission('nobody', true)).toEqual({ allowed: false, reason: 'nobody' });
  });
});

describe('draftConversation', () => {
  it('is the chat with the member as their profile shows them, with nothing in it yet', () => {
    const member: Profile = {
      id: 'user-b',
      username: 'astrid',
      acct: 'astrid',
      url: 'https://whisp.example/user/astrid',
      display_name: 'Astrid',
      bio: null,
      profile_picture_url: '/media/astrid.webp',
      profile_banner_url: null,
      banner_position_x: 50,
      banner_position_y: 50,
      followers_count: 3,
      following_count: 2,
      posts_count: 1,
      is_verified: false,
      is_private: false,
      is_following: false,
      is_followed_by: false,
      is_requested: false,
      is_blocking: false,
      is_muting: false,
      message_permission: 'nobody',
      created_at: '2026-11-25T10:00:00.000Z',
    };
    expect(draftConversation('user-z', member)).toEqual({
      id: expect.not.stringMatching(/^user-b$/),
      participant_one_id: 'user-b',
      participant_two_id: 'user-z',
      other_participant_id: 'user-b',
      other_participant_username: 'astrid',
      other_participant_display_name: 'Astrid',
      other_participant_avatar_url: '/media/astrid.webp',
      other_participant_message_permission: 'nobody',
      last_message: null,
      last_message_at: null,
      unread_count: 0,
    });
  });
});
