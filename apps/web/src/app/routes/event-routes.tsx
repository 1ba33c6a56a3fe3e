// Event reservations (issue 27) as one lazily loaded chunk (route-pages.ts). The action list
// editor (follow settings) and the member search (salon) are handed in here: features do not
// import each other.
import { useParams } from 'react-router';
import {
  EventEditPage,
  EventListPage,
  EventReservationsPage,
  type ActionsEditorProps,
  type FriendPickerProps,
} from '@/features/events';
// The two pieces only, not the follow settings and the salon console behind their indexes.
import { useActionChoices } from '@/features/follow/api/follow-api';
import { ActionListEditor } from '@/features/follow/components/action-list-editor';
import { MemberSearchDialog } from '@/features/salon/components/member-search-dialog';
import { Loading } from '@/ui/loading';
import type { PageProps } from '../route-handle';
import { useCanWriteReservations } from './salon-routes';

function EventActionsEditor(props: ActionsEditorProps) {
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

function FriendPicker(props: FriendPickerProps) {
  return <MemberSearchDialog onClose={props.onClose} onPick={props.onPick} />;
}

/** ROUTE-31: every operator reads the list; writes need reserve-write. */
export function EventListRoute({ title }: PageProps) {
  return <EventListPage title={title} canWrite={useCanWriteReservations()} />;
}

/** ROUTE-32 (reserve-write, checked by the route gate). */
export function EventNewRoute({ title }: PageProps) {
  return <EventEditPage key="new" title={title} id={null} ActionsEditor={EventActionsEditor} />;
}

/** ROUTE-33 (reserve-write, numeric id). */
export function EventEditRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  return <EventEditPage key={id} title={title} id={id} ActionsEditor={EventActionsEditor} />;
}

/** ROUTE-34: no reserve-write needed to read; the write controls need it. */
export function EventReservationListRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  return (
    <EventReservationsPage
      key={id}
      title={title}
      id={id}
      canWrite={useCanWriteReservations()}
      FriendPicker={FriendPicker}
    />
  );
}
