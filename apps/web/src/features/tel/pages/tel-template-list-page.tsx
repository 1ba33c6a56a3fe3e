import { Link } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { useTelTemplates } from '../api/get-templates';
import { TelPage } from '../components/tel-page';
import { TemplateTable } from '../components/template-table';
import { telPaths } from '../paths';

/** TelTemplateListPage (TEL-63..65). */
/** `canSend` (tel-write, DEC-09) offers 新規登録; without it the list is for reading. */
export function TelTemplateListPage({ title, canSend }: { title: string; canSend: boolean }) {
  const templates = useTelTemplates();
  return (
    <TelPage
      title={title}
      trail={[]}
      actions={
        canSend ? (
          <Link className="btn btn--primary" to={telPaths.templateRegister}>
            新規登録
          </Link>
        ) : undefined
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
