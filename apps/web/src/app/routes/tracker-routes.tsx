// Trackers — 流入経路 (issue 29) as one lazily loaded chunk (route-pages.ts). The action list
// editor (follow settings) is handed in here: features do not import each other.
import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams } from 'react-router';
import {
  ContentGroupNewPage,
  TrackerEditPage,
  TrackerListPage,
  type ActionsEditorProps,
} from '@/features/trackers';
import { useActionChoices } from '@/features/follow/api/follow-api';
import { ActionListEditor } from '@/features/follow/components/action-list-editor';
import '@/features/follow/components/follow.css';
import { Loading } from '@/ui/loading';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

function TrackerActionsEditor(props: ActionsEditorProps) {
  const choices = useActionChoices();
  if (choices.isPending) return <Loading />;
  if (choices.isError)
    return (
      <p className="notice notice--error" role="alert">
        アクションの選択肢を読み込めませんでした
      </p>
    );
  return <ActionListEditor {...props} choices={choices.data} />;
}

/** Tracker writes need template-write on the server (decision 0331); the list shows them so. */
function useCanWriteTrackers(): boolean {
  return hasAllPermissions(useSignedInSession().permission_keys, ['template-write']);
}

export function TrackerListRoute({ title }: PageProps) {
  return <TrackerListPage title={title} canWrite={useCanWriteTrackers()} />;
}

export function TrackerNewRoute({ title }: PageProps) {
  return <TrackerEditPage key="new" title={title} id={null} ActionsEditor={TrackerActionsEditor} />;
}

export function TrackerEditRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  return <TrackerEditPage key={id} title={title} id={id} ActionsEditor={TrackerActionsEditor} />;
}

export function ContentGroupNewRoute({ title }: PageProps) {
  return <ContentGroupNewPage title={title} />;
}
