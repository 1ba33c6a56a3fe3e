import { PERMISSION_LABELS, type PermissionKey } from '@tsunagu/contracts';

/** 「閲覧のみです。…には「…」の権限が必要です。」 in the words of the role screen. */
export function readOnlyText(what: string, permission: PermissionKey): string {
  return `閲覧のみです。${what}には「${PERMISSION_LABELS[permission]}」の権限が必要です。`;
}

/**
 * The banner a screen shows when the operator may read it but not change it (issue 28): the
 * same notice the salon timeline shows, so a disabled form never goes unexplained.
 */
export function ReadOnlyNotice({ what, permission }: { what: string; permission: PermissionKey }) {
  return (
    <p className="notice notice--info" role="note">
      {readOnlyText(what, permission)}
    </p>
  );
}
