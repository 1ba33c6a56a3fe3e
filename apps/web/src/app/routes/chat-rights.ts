import { hasAllPermissions } from '@tsunagu/contracts';
import type { ChatRights } from '@/features/chat';
import { useSignedInSession } from '../session';

/** Decision 0232: sending needs template-write; the state and assignee need board-write. */
export function useChatRights(): ChatRights {
  const keys = useSignedInSession().permission_keys;
  return {
    canSend: hasAllPermissions(keys, ['template-write']),
    canSetState: hasAllPermissions(keys, ['board-write']),
  };
}
