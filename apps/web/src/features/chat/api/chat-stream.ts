import { CHAT_EVENT, chatEventSchema } from '@tsunagu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chatKeys } from './chat-api';

export const CHAT_EVENTS_PATH = '/api/line/chats/events';

/**
 * The chat's live events (`GET /api/line/chats/events`): a message came or went, a state or
 * read state changed — the inbox and that friend's thread are read again. The browser
 * reconnects the stream by itself; on reopening, everything is read again (events may be lost).
 */
export function useChatStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // No EventSource (an old browser, a test's DOM): the screens still work, only not live.
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(CHAT_EVENTS_PATH);
    let wasDown = false;
    source.onerror = () => {
      wasDown = true;
    };
    source.onopen = () => {
      if (wasDown) void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      wasDown = false;
    };
    source.addEventListener(CHAT_EVENT, (message: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const parsed = chatEventSchema.safeParse(data);
      if (!parsed.success) return;
      void queryClient.invalidateQueries({ queryKey: ['chat', 'inbox'] });
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(parsed.data.friend_id) });
    });
    return () => source.close();
  }, [queryClient]);
}
