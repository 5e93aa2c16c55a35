/**
 * Members keeping the app open: a GET /api/events stream each, counting the events that arrive
 * (and keeping nothing else, so a long soak holds no growing text on this side).
 */
export function openEventStreams(baseUrl: string, tokens: string[]) {
  const controller = new AbortController();
  let events = 0;
  let opened = 0;
  let failed = 0;

  async function follow(token: string) {
    try {
      const response = await fetch(`${baseUrl}/api/events?token=${encodeURIComponent(token)}`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (response.status !== 200 || !response.body) {
        failed += 1;
        return;
      }
      opened += 1;
      const decoder = new TextDecoder();
      // Frames end with a blank line; only the unfinished last one is kept between chunks.
      let unfinished = '';
      for await (const chunk of response.body) {
        const frames = (unfinished + decoder.decode(chunk as Uint8Array, { stream: true })).split(
          '\n\n',
        );
        unfinished = frames.pop() ?? '';
        for (const frame of frames) if (/^event: /m.test(frame)) events += 1;
      }
    } catch {
      // Closed by the soak, or the server stopped: the stream is over either way.
    }
  }

  const following = Promise.all(tokens.map(follow));
  return {
    stats: () => ({ opened, failed, events }),
    async close() {
      controller.abort();
      await following;
    },
  };
}
