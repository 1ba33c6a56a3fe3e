import { RICH_MENU_RULE_LABELS } from '@tsunagu/contracts';
import { generatePath, Link } from 'react-router';
import { pagePaths } from '@/config/paths';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useFriendRichMenu } from '../api/rich-menus-api';

/** On a friend's page: which rich menu the friend sees and which rule gave it (decision 0300). */
export function FriendRichMenu({ friendId }: { friendId: number }) {
  const shown = useFriendRichMenu(friendId);
  if (shown.isPending) return <Loading />;
  if (shown.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(shown.error)}
      </p>
    );
  const { rich_menu: menu, rule, reason, on_line: onLine, order } = shown.data;
  return (
    <div className="friend-rich-menu">
      <p>
        {menu ? (
          <Link to={generatePath(pagePaths.RichMenuEdit, { id: String(menu.id) })}>
            {menu.name}
          </Link>
        ) : (
          'このツールのメニューなし'
        )}{' '}
        <span className="rm-state" data-state="published">
          {RICH_MENU_RULE_LABELS[rule]}
        </span>
      </p>
      <p>理由：{reason}</p>
      {onLine ? null : (
        <p className="text-muted">LINEへの反映待ちです（1分ほどで切り替わります）</p>
      )}
      <p className="text-muted">{order}</p>
    </div>
  );
}
