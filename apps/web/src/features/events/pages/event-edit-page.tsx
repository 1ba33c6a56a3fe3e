import { EVENT_MESSAGES, isIdText } from '@tsunagu/contracts';
import { Link, useNavigate } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useCreateEvent, useEvent, useEvents, useUpdateEvent } from '../api/events-api';
import { useVarItems } from '../api/var-items';
import { EMPTY_EVENT, EventForm, valuesOf, type ActionsEditor } from '../components/event-form';
import { SlotsEditor } from '../components/slots-editor';
import { eventPaths } from '../paths';
import '../components/events.css';

/**
 * EventNew and EventEdit (ROUTE-32/33, reserve-write): the event's fields, then its slots. A
 * new event is saved first (as 下書き unless chosen otherwise) and opens in EventEdit, where
 * its slots are added.
 */
export function EventEditPage(props: {
  title: string;
  id: string | null;
  ActionsEditor: ActionsEditor;
}) {
  const { title, id } = props;
  const eventId = id !== null && isIdText(id) ? Number(id) : null;
  const list = useEvents();
  const event = useEvent(eventId);
  const items = useVarItems();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const toast = useToast();
  const navigate = useNavigate();

  let body;
  if (list.isPending || items.isPending || (eventId !== null && event.isPending))
    body = <Loading />;
  else if (list.isError || event.isError || items.isError)
    body = (
      <>
        <p className="notice notice--error" role="alert">
          {event.isError ? errorText(event.error) : EVENT_MESSAGES.eventNotFound}
        </p>
        <Link to={eventPaths.list}>イベント予約一覧に戻る</Link>
      </>
    );
  else {
    const common = {
      folders: list.data.folders.filter(Boolean),
      items: items.data,
      ActionsEditor: props.ActionsEditor,
    };
    body = event.data ? (
      <>
        <p className="text-muted">
          予約ページ：
          <a href={eventPaths.publicPage(event.data.public_key)} target="_blank" rel="noreferrer">
            {`${window.location.origin}${eventPaths.publicPage(event.data.public_key)}`}
          </a>
          {' ・ '}
          <Link to={eventPaths.reservations(event.data.id)}>予約者一覧</Link>
        </p>
        <EventForm
          key={event.data.updated_at}
          {...common}
          initial={valuesOf(event.data)}
          busy={update.isPending}
          error={update.error}
          submitLabel="保存"
          onSubmit={(input) =>
            update.mutate(
              { id: event.data.id, input },
              { onSuccess: () => toast.success('イベントを保存しました') },
            )
          }
        />
        <SlotsEditor eventId={event.data.id} closeHour={event.data.default_close_hour} />
      </>
    ) : (
      <EventForm
        {...common}
        initial={EMPTY_EVENT}
        busy={create.isPending}
        error={create.error}
        submitLabel="作成して日程を追加"
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (made) => {
              toast.success('イベントを作成しました。日程を追加してください');
              void navigate(eventPaths.edit(made.id));
            },
          })
        }
      />
    );
  }
  return (
    <section className="page ev-edit-page">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'イベント予約一覧', to: eventPaths.list },
          { label: eventId !== null ? '編集' : '新規作成' },
        ]}
      />
      {body}
    </section>
  );
}
