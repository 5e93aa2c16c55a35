import type { LiveEvent, LiveEventPublisher } from './live-event.js';

export type LiveEventListener = (event: LiveEvent) => void;

/** Carries live events from the instance that made the change to every instance with streams. */
export interface EventBus extends LiveEventPublisher {
  subscribe(listener: LiveEventListener): () => void;
  /**
   * Called after the bus may have missed events (its connection to the database came back), so
   * open streams can catch up from the database.
   */
  onResync(listener: () => void): () => void;
  /** False while the bus may be missing events (its connection to the database is down). */
  isListening(): boolean;
  close(): Promise<void>;
}

/** Listeners of a bus; each is called on its own, so one that throws cannot starve the rest. */
export function createListeners<T extends unknown[]>() {
  const listeners = new Set<(...args: T) => void>();
  return {
    add(listener: (...args: T) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    call(...args: T) {
      for (const listener of listeners) {
        try {
          listener(...args);
        } catch {
          // A listener's failure is its own to log; the others still hear the event.
        }
      }
    },
    clear: () => listeners.clear(),
  };
}

/**
 * Within one process: enough for the embedded database, which only one process may open.
 * Delivery waits for the next turn of the event loop, so a publisher never runs a stream's work.
 */
export function createInProcessBus(): EventBus {
  const events = createListeners<[LiveEvent]>();
  const resyncs = createListeners<[]>();
  return {
    publish(batch) {
      const copy = [...batch];
      return new Promise<void>((delivered) => {
        setImmediate(() => {
          for (const event of copy) events.call(event);
          delivered();
        });
      });
    },
    subscribe: events.add,
    isListening: () => true,
    onResync: resyncs.add,
    async close() {
      events.clear();
      resyncs.clear();
    },
  };
}
