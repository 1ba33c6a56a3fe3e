import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { TextBox } from '@/ui/text-field';
import { funnelsBase, useFunnelChoices, useFunnelList } from '../api/funnels-api';
import { FunnelCountingFields } from '../components/funnel-counting-fields';
import { FunnelMembers } from '../components/funnel-members';
import { FunnelResultTable, type FunnelCountAction } from '../components/funnel-result-table';
import { FunnelStepsEditor } from '../components/funnel-steps-editor';
import { useCountToSegment } from '../hooks/use-count-to-segment';
import { useFunnelEditor } from '../hooks/use-funnel-editor';
import '../components/funnels.css';

/**
 * ファネル (issue 30, ROUTE-15): saved funnels, the editor (steps over what friends did, the
 * cohort, ordered or not, a window), the result table with bars, its friends, CSV and printing.
 */
export function FunnelListPage({
  title,
  countActions = ['friends', 'segment', 'notification'],
}: {
  title: string;
  /** What a count offers: the operator's permissions decide (decision 0430). */
  countActions?: readonly FunnelCountAction[];
}) {
  const list = useFunnelList();
  const choices = useFunnelChoices();
  const toSegment = useCountToSegment();
  const editor = useFunnelEditor();
  const { id, input, setInput, result, opened } = editor;

  if (list.isPending) return <Loading />;
  const error = editor.error ?? toSegment.error ?? list.error;
  return (
    <section className="page funnel-page">
      <PageHeader title={title} />
      <nav className="funnel-page__list no-print" aria-label="保存したファネル">
        <button type="button" className="btn" onClick={() => editor.pick(null)}>
          新しいファネル
        </button>
        {(list.data ?? []).map((funnel) => (
          <button
            key={funnel.id}
            type="button"
            className={`btn ${funnel.id === id ? 'btn--primary' : ''}`}
            aria-pressed={funnel.id === id}
            onClick={() => editor.pick(funnel)}
          >
            {funnel.name}
          </button>
        ))}
      </nav>

      <form
        className="funnel-editor no-print"
        onSubmit={(event) => {
          event.preventDefault();
          editor.count();
        }}
      >
        <div className="funnel-editor__field">
          <label htmlFor="funnel-name">ファネル名</label>
          <TextBox
            id="funnel-name"
            value={input.name}
            maxLength={100}
            onChange={(name) => setInput({ ...input, name })}
          />
        </div>
        <FunnelStepsEditor
          steps={input.steps}
          choices={choices.data}
          onChange={(steps) => setInput({ ...input, steps })}
        />
        <FunnelCountingFields input={input} choices={choices.data} onChange={setInput} />
        <div className="funnel-editor__actions">
          <button type="submit" className="btn btn--primary" disabled={editor.counting}>
            集計する
          </button>
          <button
            type="button"
            className="btn"
            disabled={editor.saving}
            onClick={editor.saveAndCount}
          >
            保存
          </button>
          {id !== null ? (
            <button type="button" className="btn btn--danger" onClick={editor.remove}>
              削除
            </button>
          ) : null}
        </div>
      </form>

      {error ? (
        <p className="notice notice--error" role="alert">
          {errorText(error)}
        </p>
      ) : null}

      {result ? (
        <section className="funnel-page__result" aria-label="集計結果">
          <h2 className="print-only">{input.name || 'ファネル'}</h2>
          <FunnelResultTable
            result={result}
            choices={choices.data}
            actions={countActions}
            onOpen={
              id === null
                ? undefined
                : (step, reached, action) => {
                    if (action === 'friends') editor.setOpened({ step, reached });
                    else
                      toSegment.mutate({ funnelId: id, name: input.name, step, reached, action });
                  }
            }
          />
          <div className="funnel-page__exports no-print">
            {id !== null ? (
              <a className="btn" href={`${funnelsBase}/${id}/csv`} download>
                CSV（Excel）
              </a>
            ) : (
              <p className="text-muted">保存すると、数から友だちを開けます。</p>
            )}
            <button type="button" className="btn" onClick={() => window.print()}>
              印刷・PDF
            </button>
          </div>
        </section>
      ) : null}

      {opened && id !== null ? (
        <FunnelMembers funnelId={id} step={opened.step} reached={opened.reached} />
      ) : null}
    </section>
  );
}
