/** One message of a text/event-stream: an event, or a comment line such as a heartbeat. */
export interface StreamItem {
  id?: string;
  event?: string;
  data?: unknown;
  comment?: string;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  items: StreamItem[];
  /**
   * The first item received so far or later that matches; rejects after `withinMs` (5 s unless
   * given: generous for a busy machine, where only the promise under test is timed).
   */
  next(matches: (item: StreamItem) => boolean, withinMs?: number): Promise<StreamItem>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Reads GET /api/events over a real connection, as a browser's EventSource would. */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const items: StreamItem[] = [];
  const waiters = new Set<() => void>();
  let resolveEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });

  void (async () => {
    const reader = response.body?.getReader();
    if (!reader) return resolveEnded();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          items.push(parseBlock(buffer.slice(0, boundary)));
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close(): the test is done with it.
    }
    resolveEnded();
  })();

  return {
    status: response.status,
    headers: response.headers,
    items,
    ended,
    next(matches, withinMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = items.find(matches);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`No matching event within ${withinMs} ms; got ${JSON.stringify(items)}`),
          );
        }, withinMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

function parseBlock(block: string): StreamItem {
  const item: StreamItem = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) item.comment = line.slice(1).trim();
    else if (line.startsWith('id: ')) item.id = line.slice(4);
    else if (line.startsWith('event: ')) item.event = line.slice(7);
    else if (line.startsWith('data: ')) item.data = JSON.parse(line.slice(6));
  }
  return item;
}
