import { ROLE_MESSAGES } from '@tsunagu/contracts';

/** Why the form cannot be changed; the server refuses these writes too (403/409). */
export function ReadOnlyNotice({
  isOwnerRole,
  canManage,
}: {
  isOwnerRole: boolean;
  canManage: boolean;
}) {
  const message = !canManage
    ? ROLE_MESSAGES.ownerRequired
    : isOwnerRole
      ? ROLE_MESSAGES.ownerImmutable
      : null;
  if (!message) return null;
  return <p className="notice notice--info">{message}</p>;
}
