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

function Detail() {
  const { id } = useParams();
  return <TelDetailPage key={id} id={Number(id)} title="詳細・発注" />;
}

/** The six tel screens on their own paths and titles, without the app shell. */
const telRoutes: RouteObject[] = [
  { path: '/line/tel', element: <TelListPage title="通知メッセージ" /> },
  { path: '/line/tel/list/:id', element: <Detail /> },
  { path: '/line/tel/register', element: <TelRegisterPage title="通知メッセージ個別登録" /> },
  {
    path: '/line/tel/upload',
    element: <TelUploadPage title="通知メッセージファイルアップロード" />,
  },
  {
    path: '/line/tel/template',
    element: <TelTemplateListPage title="通知メッセージテンプレート" />,
  },
  {
    path: '/line/tel/template/register',
    element: <TelTemplateRegisterPage title="通知メッセージテンプレート登録" />,
  },
];

export function renderTel(path: string, api: Record<string, FakeHandler> = {}) {
  const view = renderWithProviders(telRoutes, path, api);
  const location = () => view.router.state.location.pathname;
  const callsTo = (method: string, path: string) =>
    view.calls.filter((call) => call.method === method && call.path === path);
  return { ...view, location, callsTo };
}
