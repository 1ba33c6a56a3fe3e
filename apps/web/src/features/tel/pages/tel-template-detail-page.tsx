import type { TelTemplate } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useTelTemplate } from '../api/get-template';
import { DeleteTemplateSection } from '../components/delete-template-section';
import { LinePreview } from '../components/line-preview';
import { TelPage } from '../components/tel-page';
import { templateUsageText } from '../components/template-usage';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { telPaths } from '../paths';

type TelTemplateDetailPageProps = {
  id: number;
  title: string;
  /** The operator holds tel-write (DEC-09): edit and delete are offered. */
  canWrite: boolean;
};

/** TelTemplateDetailPage: what the customer receives, and edit / delete (decision 0085). */
export function TelTemplateDetailPage({ id, title, canWrite }: TelTemplateDetailPageProps) {
  const template = useTelTemplate(id);
  const trail = [{ label: 'テンプレート', to: telPaths.templates }];
  return (
    <TelPage
      title={title}
      trail={trail}
      actions={
        canWrite && template.isSuccess ? (
          <Link className="btn btn--primary" to={telPaths.templateEdit(id)}>
            編集
          </Link>
        ) : null
      }
    >
      {template.isPending ? (
        <Loading />
      ) : template.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(template.error)}
        </p>
      ) : (
        <TemplateDetail
          template={template.data}
          canWrite={canWrite}
          onRefused={() => void template.refetch()}
        />
      )}
      <p>
        <Link to={telPaths.templates}>テンプレート一覧に戻る</Link>
      </p>
    </TelPage>
  );
}

function TemplateDetail(props: {
  template: TelTemplate;
  canWrite: boolean;
  onRefused: () => void;
}) {
  const { template, canWrite, onRefused } = props;
  return (
    <>
      <dl className="tel-template-meta">
        <dt>テンプレート名</dt>
        <dd>{template.name}</dd>
        <dt>ID</dt>
        <dd>{template.id}</dd>
        <dt>作成日時</dt>
        <dd>{formatTokyoDateTime(template.created_at)}</dd>
        <dt>送信前のメッセージ</dt>
        <dd>{templateUsageText(template.usage)}</dd>
      </dl>
      <section className="tel-template-section" aria-labelledby="tel-template-preview">
        <h2 id="tel-template-preview">お客様に届くメッセージ</h2>
        <p className="field__hint tel-template-hint">
          <span className="line-chip">[param_n]</span> は送信時に、個別登録・ファイルの param_n
          の値に置き換わります。
        </p>
        <LinePreview body={template.body} />
      </section>
      <details className="tel-template-json tel-template-section">
        <summary>本文（JSON）を表示</summary>
        <pre>{template.body}</pre>
      </details>
      {canWrite ? <DeleteTemplateSection template={template} onRefused={onRefused} /> : null}
    </>
  );
}
