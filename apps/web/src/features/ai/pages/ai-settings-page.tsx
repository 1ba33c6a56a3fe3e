import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useAiSettings } from '../api/ai-api';
import { PreviewBox } from '../components/preview-box';
import { RunLog } from '../components/run-log';
import { SettingsForm } from '../components/settings-form';
import '../components/ai.css';

export const AI_READ_ONLY_TEXT = '閲覧のみです。生成AI設定の変更にはオーナー権限が必要です。';

/** 生成AI設定 (ROUTE-39, issue 31): settings, 試す and the run log. */
export function AiSettingsPage({ title, canManage }: { title: string; canManage: boolean }) {
  const settings = useAiSettings();
  return (
    <section className="page ai-page">
      <PageHeader title={title} />
      {canManage ? null : (
        <p className="notice notice--info" role="note">
          {AI_READ_ONLY_TEXT}
        </p>
      )}
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(settings.error)}
        </p>
      ) : (
        <SettingsForm settings={settings.data} canManage={canManage} />
      )}
      <PreviewBox canTry={canManage} />
      <RunLog />
    </section>
  );
}
