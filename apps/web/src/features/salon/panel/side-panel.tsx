import type { BlockTime, Course, Reservation, Resource, TimeShift } from '@tsunagu/contracts';
import type { BlockTimePayload } from '../api/save-block-time';
import type { CustomerKey } from '../api/desk';
import { BlockTimeForm } from '../components/block-time-form';
import { CustomerCardView } from '../desk/customer-card';
import { PendingList } from '../desk/pending-list';
import { SearchResults } from '../desk/search-results';
import { ReservationDetail } from '../components/reservation-detail';
import { ReservationForm } from '../components/reservation-form';
import type { ReservationFormValues } from '../components/reservation-form-values';
import { TimeShiftForm, type TimeShiftFormInitial } from '../components/time-shift-form';
import type { SalonStatus } from '@/lib/reference-store';
import { usePanel } from './panel-context';
import { PANEL_TITLES, panelContents } from './panel-contents';

type SidePanelProps = {
  salonId: number;
  canWrite: boolean;
  displayedDate: string;
  resources: readonly Resource[];
  courses: readonly Course[];
  statuses: readonly SalonStatus[];
};

/** TML-07: one panel beside the timeline hosting the four forms. */
export function SidePanel(props: SidePanelProps) {
  const { salonId, canWrite, displayedDate, resources, courses, statuses } = props;
  const panel = usePanel();
  const content = panel.content;
  if (!content) return null;
  const title = PANEL_TITLES[content.form];
  const done = () => {
    panel.setDirty(false);
    panel.close();
  };

  const openDetail = (id: number) => panel.open(panelContents.detail(id));
  let body;
  if (content.form === 'pending') {
    body = <PendingList salonId={salonId} canWrite={canWrite} onOpen={openDetail} />;
  } else if (content.form === 'search') {
    const { query } = content.props as { query: string };
    body = <SearchResults key={content.key} salonId={salonId} query={query} onOpen={openDetail} />;
  } else if (content.form === 'customer') {
    const { customer } = content.props as { customer: CustomerKey };
    body = (
      <CustomerCardView
        key={content.key}
        salonId={salonId}
        customer={customer}
        onOpen={openDetail}
      />
    );
  } else if (content.form === 'reservation') {
    const { initial } = content.props as { initial: ReservationFormValues };
    body = (
      <ReservationForm
        key={content.key}
        salonId={salonId}
        initial={initial}
        resources={resources}
        courses={courses}
        canWrite={canWrite}
        onSaved={(reservation: Reservation) => panel.open(panelContents.detail(reservation.id))}
      />
    );
  } else if (content.form === 'reservation-detail') {
    const { id } = content.props as { id: number };
    body = (
      <ReservationDetail
        key={content.key}
        salonId={salonId}
        id={id}
        canWrite={canWrite}
        resources={resources}
        courses={courses}
        statuses={statuses}
        onEdit={(reservation) => panel.open(panelContents.editReservation(reservation))}
        onCustomer={(customer) => panel.open(panelContents.customer(customer))}
        onDeleted={done}
      />
    );
  } else if (content.form === 'block-time') {
    const { initial } = content.props as { initial: BlockTimePayload | BlockTime };
    body = (
      <BlockTimeForm
        key={content.key}
        salonId={salonId}
        initial={initial}
        resources={resources}
        canWrite={canWrite}
        onDone={done}
      />
    );
  } else {
    const { initial, shift } = content.props as {
      initial: TimeShiftFormInitial;
      shift?: TimeShift;
    };
    body = (
      <TimeShiftForm
        key={content.key}
        salonId={salonId}
        displayedDate={displayedDate}
        shift={shift}
        initial={initial}
        resources={resources}
        canWrite={canWrite}
        onDone={done}
      />
    );
  }

  return (
    <aside className="salon-panel" aria-label={title} data-form={content.form}>
      <header className="salon-panel__header">
        <h2 className="salon-panel__title">{title}</h2>
        <button
          type="button"
          className="btn btn--ghost"
          aria-label="パネルを閉じる"
          onClick={panel.close}
        >
          ×
        </button>
      </header>
      <div className="salon-panel__body">{body}</div>
    </aside>
  );
}
