import { AI_OUTCOME_LABELS, type AiRunKind } from '@tsunagu/contracts';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useAiRuns } from '../api/ai-api';
import { ToolCalls } from './tool-calls';

const KIND_LABELS: Record<AiRunKind, string> = {
  preview: '試す',
  draft: '下書き',
  auto_reply: '自動応答',
  writing: '作成支援',
  knowledge: 'Q&A下書き',
};

const when = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));

/** The log of runs: who asked what, the tools, the answer, tokens, yen, latency and outcome. */
export function RunLog() {
  const runs = useAiRuns();
  return (
    <section className="ai-card" aria-label="実行ログ">
      <h2 className="ai-card__title">実行ログ</h2>
      {runs.isPending ? (
        <Loading />
      ) : runs.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(runs.error)}
        </p>
      ) : runs.data.runs.length === 0 ? (
        <p className="ai-card__hint">まだ実行されていません</p>
      ) : (
        <div className="ai-table-wrap">
          <table className="ai-table">
            <thead>
              <tr>
                <th>日時</th>
                <th>種類</th>
                <th>友だち</th>
                <th>質問</th>
                <th>回答・ツール</th>
                <th>結果</th>
                <th>トークン</th>
                <th>費用</th>
                <th>時間</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.runs.map((run) => (
                <tr key={run.id}>
                  <td>{when(run.created_at)}</td>
                  <td>{KIND_LABELS[run.kind]}</td>
                  <td>{run.friend_name ?? '—'}</td>
                  <td>{run.question}</td>
                  <td>
                    <p>{run.answer || '（回答なし）'}</p>
                    <ToolCalls tools={run.tools} />
                  </td>
                  <td>
                    {AI_OUTCOME_LABELS[run.outcome]}
                    {run.reason ? <p className="ai-card__hint">{run.reason}</p> : null}
                  </td>
                  <td>
                    {run.input_tokens.toLocaleString('ja-JP')} /{' '}
                    {run.output_tokens.toLocaleString('ja-JP')}
                  </td>
                  <td>{run.cost_yen.toFixed(2)}円</td>
                  <td>{(run.latency_ms / 1000).toFixed(1)}秒</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
