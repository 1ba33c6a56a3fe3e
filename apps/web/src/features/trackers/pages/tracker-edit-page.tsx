import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useTracker } from '../api/trackers-api';
import { trackerPaths } from '../paths';
import { TrackerForm, type ActionsEditorProps, type Values } from '../components/tracker-form';
import '../components/trackers.css';

/**
 * TrackerNew / TrackerEdit (ROUTE-05/06, `?group=`): the tracker's name, folder, actions (the
 * one action model's editor, handed in by app/), when they run, the greeting switch, on / off;
 * once saved, its URL and QR code.
 */
export function TrackerEditPage(props: {
  title: string;
  id: string | null;
  ActionsEditor: ComponentType<ActionsEditorProps>;
}) {
  const [params] = useSearchParams();
  const id = props.id !== null && /^\d+$/.test(props.id) ? Number(props.id) : null;
  const tracker = useTracker(id);
  const groupText = params.get('group');
  const header = (
    <PageHeader
      title={props.title}
      breadcrumbs={[{ label: '流入経路', to: trackerPaths.list }, { label: props.title }]}
    />
  );
  if (id !== null && (tracker.isPending || tracker.isError))
    return (
      <section className="page tracker-edit-page">
        {header}
        {tracker.isPending ? (
          <Loading />
        ) : (
          <p className="notice notice--error" role="alert">
            {errorText(tracker.error)}
          </p>
        )}
      </section>
    );
  const row = tracker.data;
  const initial: Values = row
    ? {
        name: row.name,
        group_id: row.group_id,
        run_mode: row.run_mode,
        entry: row.entry,
        run_greeting: row.run_greeting,
        active: row.active,
        actions: row.actions,
      }
    : {
        name: '',
        group_id: groupText && /^[1-9]\d*$/.test(groupText) ? Number(groupText) : null,
        run_mode: 'first_follow',
        entry: 'login',
        run_greeting: true,
        active: true,
        actions: [],
      };
  return (
    <section className="page tracker-edit-page">
      {header}
      <TrackerForm
        key={row?.id ?? 'new'}
        id={id}
        initial={initial}
        {...(row ? { tracker: row } : {})}
        ActionsEditor={props.ActionsEditor}
      />
    </section>
  );
}
