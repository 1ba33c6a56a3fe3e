// The chat (issue 24) as its own lazily loaded chunk (route-pages.ts).
import { useSearchParams } from 'react-router';
import { ChatPage } from '@/features/chat';
import type { PageProps } from '../route-handle';
import { useChatRights } from './chat-rights';

export function ChatRoute({ title }: PageProps) {
  const [params] = useSearchParams();
  const raw = params.get('friend') ?? '';
  const friendId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  return <ChatPage title={title} friendId={friendId} rights={useChatRights()} />;
}
