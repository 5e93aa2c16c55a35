import type { Conversation, Message, WhispClient } from '../../src/index.js';
import type { Recorder } from './contractFlows.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The first `event:` frame of the live stream (after the server's `retry:` line), as parsed. */
async function firstLiveEvent(client: WhispClient) {
  const abort = new AbortController();
  const response = await fetch(client.events.streamUrl(), { signal: abort.signal });
  if (!response.ok || !response.body) {
    abort.abort();
    return { status: response.status };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    while (!/event: .*\ndata: .*\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
  } finally {
    // Closing is an abort, as EventSource.close() does.
    abort.abort();
  }
  const [, event, data] = /event: (.*)\ndata: (.*)\n/.exec(text) ?? [];
  return { status: response.status, event, data: data ? JSON.parse(data) : undefined };
}

/**
 * Direct messages, notifications, support requests and the live event stream between Ada and Ben
 * (Ada follows Ben, liked and replied to his whisp, and mentioned nobody).
 */
export async function runInboxFlows(
  record: Recorder,
  ada: WhispClient,
  ben: WhispClient,
  benId: string,
) {
  const adaId = (await ada.users.me()).id;
  const started = await record('start a conversation', ada.messages.start(benId));
  await record('start it again', ada.messages.start(benId));
  await record('message yourself', ada.messages.start(adaId));
  await record('message an unknown member', ada.messages.start(UNKNOWN_ID));
  await record('send a message', ada.messages.send({ recipient_id: benId, content: 'Hi Ben!' }));
  await record('empty message', ada.messages.send({ recipient_id: benId, content: '  ' }));
  await record(
    'too long message',
    ada.messages.send({ recipient_id: benId, content: 'x'.repeat(1001) }),
  );

  const conversationId = 'ok' in started ? (started.ok as Conversation).id : UNKNOWN_ID;
  await record('conversations', ben.messages.conversations());
  const listed = await record('messages', ben.messages.list(conversationId));
  await record('unknown conversation', ben.messages.list(UNKNOWN_ID));
  await record('unread messages', ben.messages.unreadCount());
  const ids = 'ok' in listed ? (listed.ok as Message[]).map((message) => message.id) : [];
  await record('mark messages read', ben.messages.markRead(ids));
  await record('mark them read again', ben.messages.markRead(ids));
  await record('unread messages after reading', ben.messages.unreadCount());

  await record('live stream', firstLiveEvent(ben));
  const notifications = await record('notifications', ben.notifications.list());
  const first =
    'ok' in notifications
      ? (notifications.ok as { notifications: { id: string }[] }).notifications[0]?.id
      : undefined;
  await record('mark a notification read', ben.notifications.markRead(first ?? UNKNOWN_ID));
  await record(
    "mark someone else's notification read",
    ada.notifications.markRead(first ?? UNKNOWN_ID),
  );
  await record('mark all notifications read', ben.notifications.markAllRead());
  await record('notifications after reading', ben.notifications.list());

  await record(
    'support request',
    ada.support.submit({
      category: 'bug',
      priority: 'high',
      subject: 'The feed is empty',
      description: 'After following Ben the feed stays empty.',
      include_system_info: true,
      system_info: { userAgent: 'contract-test' },
    }),
  );
  await record(
    'support request without a subject',
    ada.support.submit({
      category: 'general',
      priority: 'low',
      subject: ' ',
      description: 'Something',
      include_system_info: false,
    }),
  );
  await record(
    'support subject too long',
    ada.support.submit({
      category: 'general',
      priority: 'low',
      subject: 's'.repeat(101),
      description: 'Something',
      include_system_info: false,
    }),
  );
}
