// LINE友だち as its own lazily loaded chunk (route-pages.ts).
import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams } from 'react-router';
import { FriendChat } from '@/features/chat';
import { FriendDetailPage, FriendsPage } from '@/features/friends';
import { FriendRichMenu } from '@/features/rich-menus';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';
import { useChatRights } from './chat-rights';

/** Operators without tag-write see the friends' tags but no selection or bulk controls. */
export function FriendsRoute({ title }: PageProps) {
  const canWriteTags = hasAllPermissions(useSignedInSession().permission_keys, ['tag-write']);
  return <FriendsPage title={title} canWriteTags={canWriteTags} />;
}

/** Decision 0141: tags and friend information are edited with tag-write; others read. */
export function FriendDetailRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  const canWrite = hasAllPermissions(useSignedInSession().permission_keys, ['tag-write']);
  // Keyed: another friend's page starts afresh (no drafts carried over).
  const rights = useChatRights();
  return (
    <FriendDetailPage
      key={id}
      title={title}
      id={Number(id)}
      canWrite={canWrite}
      chat={<FriendChat friendId={Number(id)} rights={rights} />}
      richMenu={<FriendRichMenu friendId={Number(id)} />}
    />
  );
}
