import { useQueryClient } from '@tanstack/react-query';
import { createContext, createElement, type ReactNode, useContext, useEffect, useRef } from 'react';
import type { WhispClient } from '../client.js';
import { type LiveEventsOptions, subscribeToLiveEvents } from '../events/liveEvents.js';

const WhispClientContext = createContext<WhispClient | null>(null);

export interface WhispClientProviderProps {
  client: WhispClient;
  children?: ReactNode;
}

/** Makes one client available to the hooks below it (inside a QueryClientProvider). */
export function WhispClientProvider({ client, children }: WhispClientProviderProps) {
  return createElement(WhispClientContext.Provider, { value: client }, children);
}

export function useWhispClient(): WhispClient {
  const client = useContext(WhispClientContext);
  if (!client) throw new Error('useWhispClient must be used inside a <WhispClientProvider>');
  return client;
}

/**
 * Runs the live event subscription while `enabled` (the member is signed in) and the component
 * is mounted. The callbacks may change on every render without reopening the stream.
 */
export function useLiveEvents(
  enabled: boolean,
  options: Omit<LiveEventsOptions, 'client' | 'queryClient'> = {},
) {
  const client = useWhispClient();
  const queryClient = useQueryClient();
  const callbacks = useRef(options);
  callbacks.current = options;
  const { EventSource, pollIntervalMs } = options;
  useEffect(() => {
    if (!enabled) return;
    return subscribeToLiveEvents({
      client,
      queryClient,
      EventSource,
      pollIntervalMs,
      onNotification: (notification) => callbacks.current.onNotification?.(notification),
      onMessage: (message) => callbacks.current.onMessage?.(message),
      onModeChange: (mode) => callbacks.current.onModeChange?.(mode),
    });
  }, [enabled, client, queryClient, EventSource, pollIntervalMs]);
}
