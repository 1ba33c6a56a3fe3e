import { Link } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { useTelTemplates } from '../api/get-templates';
import { TelPage } from '../components/tel-page';
import { TemplateTable } from '../components/template-table';
import { telPaths } from '../paths';

/** TelTemplateListPage (TEL-63..65). */
export function TelTemplateListPage({ title }: { title: string }) {
  const templates = useTelTemplates();
  return (
    <TelPage
      title={title}
      trail={[]}
      actions={
        <Link className="btn btn--primary" to={telPaths.templateRegister}>
          新規登録
        </Link>
      }
    >
      {templates.isError ? (
        <p className="notice notice--error" role="alert">
          {isApiError(templates.error) ? templates.error.message : String(templates.error)}
        </p>
      ) : (
        <TemplateTable templates={templates.data ?? []} loading={templates.isFetching} />
      )}
      <p>
        <Link to={telPaths.list}>通知メッセージ一覧に戻る</Link>
      </p>
    </TelPage>
  );
}
