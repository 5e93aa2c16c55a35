/** An open GET /api/events response, read in the background as a browser's EventSource would. */
export interface OpenEventStream {
  status: number;
  /** Everything received so far. */
  text(): string;
  /** True once the server ended the stream or the connection dropped. */
  ended(): boolean;
  close(): void;
}

export async function openEventStream(baseUrl: string, token: string): Promise<OpenEventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events?token=${encodeURIComponent(token)}`, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  let received = '';
  let ended = false;
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted by close(), or the server went away: either way the stream is over.
    }
    ended = true;
  })();
  return {
    status: response.status,
    text: () => received,
    ended: () => ended,
    close: () => controller.abort(),
  };
}
