// LINE友だち as its own lazily loaded chunk (route-pages.ts).
import { hasAllPermissions } from '@tsunagu/contracts';
import { FriendsPage } from '@/features/friends';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

/** Operators without tag-write see the friends' tags but no selection or bulk controls. */
export function FriendsRoute({ title }: PageProps) {
  const canWriteTags = hasAllPermissions(useSignedInSession().permission_keys, ['tag-write']);
  return <FriendsPage title={title} canWriteTags={canWriteTags} />;
}
