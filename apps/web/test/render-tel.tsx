import type { RouteObject } from 'react-router';
import {
  TelDetailPage,
  TelListPage,
  TelRegisterPage,
  TelTemplateListPage,
  TelTemplateRegisterPage,
  TelUploadPage,
} from '@/features/tel';
import { useParams } from 'react-router';
import type { FakeHandler } from './fake-api';
import { renderWithProviders } from './render-with-providers';

function Detail({ canSend }: { canSend: boolean }) {
  const { id } = useParams();
  return <TelDetailPage key={id} id={Number(id)} title="詳細・発注" canSend={canSend} />;
}

/**
 * The six tel screens on their own paths and titles, without the app shell. `canSend` is what
 * the route wrappers pass from the session's keys (tel-write, DEC-09).
 */
const telRoutes = (canSend: boolean): RouteObject[] => [
  { path: '/line/tel', element: <TelListPage title="通知メッセージ" canSend={canSend} /> },
  { path: '/line/tel/list/:id', element: <Detail canSend={canSend} /> },
  {
    path: '/line/tel/register',
    element: <TelRegisterPage title="通知メッセージ個別登録" canSend={canSend} />,
  },
  {
    path: '/line/tel/upload',
    element: <TelUploadPage title="通知メッセージファイルアップロード" canSend={canSend} />,
  },
  {
    path: '/line/tel/template',
    element: <TelTemplateListPage title="通知メッセージテンプレート" canSend={canSend} />,
  },
  {
    path: '/line/tel/template/register',
    element: <TelTemplateRegisterPage title="通知メッセージテンプレート登録" />,
  },
];

export function renderTel(
  path: string,
  api: Record<string, FakeHandler> = {},
  { canSend = true }: { canSend?: boolean } = {},
) {
  const view = renderWithProviders(telRoutes(canSend), path, api);
  const location = () => view.router.state.location.pathname;
  const callsTo = (method: string, path: string) =>
    view.calls.filter((call) => call.method === method && call.path === path);
  return { ...view, location, callsTo };
}
