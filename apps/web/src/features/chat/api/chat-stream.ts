import { chatEventSchema } from '@tsunagu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useAccountEvents } from '@/lib/account-events';
import { chatKeys } from './chat-api';

/**
 * The chat's live events, `kind: 'chat'` on the account's one stream (`GET /api/line/events`,
 * decision 0236, shared by every screen of the tab): a message came or went, a state or read
 * state changed — the inbox and that friend's thread are read again. After the stream was down,
 * everything is read again (events may have been missed).
 */
export function useChatStream() {
  const queryClient = useQueryClient();
  useAccountEvents(
    'chat',
    (event) => {
      const parsed = chatEventSchema.safeParse(event);
      if (!parsed.success) return;
      void queryClient.invalidateQueries({ queryKey: ['chat', 'inbox'] });
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(parsed.data.friend_id) });
    },
    () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  );
}
