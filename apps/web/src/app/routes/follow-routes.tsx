// 友だち追加時設定 (ROUTE-04, issue 25) as its own lazily loaded chunk (route-pages.ts). The
// greeting's preview is the template editor's: app/ hands it over (features stay apart).
import { FollowSettingsPage } from '@/features/follow';
import { fromLineMessage, LinePreview, useAliasNames } from '@/features/templates';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

function GreetingPreview({ messages }: { messages: readonly Record<string, unknown>[] }) {
  const accountName = useSignedInSession().account.name;
  const aliasName = useAliasNames(true);
  return (
    <LinePreview
      accountName={accountName}
      drafts={messages.map((message) => fromLineMessage(message))}
      aliasName={aliasName}
    />
  );
}

export function FollowRoute({ title }: PageProps) {
  return (
    <FollowSettingsPage
      title={title}
      renderPreview={(messages) => <GreetingPreview messages={messages} />}
    />
  );
}
