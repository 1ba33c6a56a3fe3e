import { openingFor, type Reservation } from '@tsunagu/contracts';
import { useMemo } from 'react';
import { useToast } from '@/ui/toast';
import { useBlockTimesOfDay } from '../api/get-block-times';
import { useOpening } from '../api/get-opening';
import { useSalonConfig } from '../api/get-salon-config';
import { useReservationsOfDay } from '../api/get-reservations';
import { useTimeShifts } from '../api/get-time-shifts';
import { payloadOf } from '../api/reservation-payload';
import { useSaveReservation } from '../api/save-reservation';
import { FilterMenu } from '../components/filter-menu';
import { ConfirmDialog } from '@/ui/dialog';
import { usePanel } from '../panel/panel-context';
import { panelContents } from '../panel/panel-contents';
import { customerName } from '../timeline/reservation-item';
import { buildReservationRows } from '../timeline/reservation-rows';
import { ReservationTimeline, type MoveRequest } from '../timeline/reservation-timeline';
import { visibleHours } from '../timeline/grid-model';
import { ZOOM_STEPS, fittedRowHeight, timelineScale } from '../timeline/fit';
import { useRememberedZoom } from '../timeline/zoom-memory';
import { HEADER_HEIGHT } from '../timeline/timeline-grid';
import { useFitBox } from '../utils/use-fit-box';
import { formatDateJa, monthWindow, toMinutes, toTime } from '../utils/dates';
import { useSalonSearch } from '../utils/salon-search';
import { useNowLine } from '../utils/use-now';
import { useViewport } from '../utils/use-viewport';
import { isConflict, isShiftRefusal, writeErrorText } from '../utils/write-errors';
import type { ConsoleProps } from './console-context';

const EMPTY: never[] = [];

/** TML-01, TML-04/05: the daily reservation timeline with its filters and counts. */
export function TimelineView(props: ConsoleProps) {
  const { salonId, canWrite, date, resources, courses, statuses } = props;
  const search = useSalonSearch();
  const viewport = useViewport();
  const panel = usePanel();
  const toast = useToast();
  const reservations = useReservationsOfDay(salonId, date);
  const blockTimes = useBlockTimesOfDay(salonId, date);
  const shiftWindow = monthWindow(date);
  const shifts = useTimeShifts(salonId, shiftWindow);
  const opening = useOpening(salonId, Number(date.slice(0, 4)));
  const save = useSaveReservation(salonId);
  const now = useNowLine(date);
  const config = useSalonConfig(salonId);
  const [zoom, setZoom] = useRememberedZoom();
  const box = useFitBox<HTMLDivElement>({ width: 1100, height: viewport.gridHeight });
  // A click on an empty slot books one slot interval until a course sets the length.
  const slotMinutes = config.data?.booking.slot_interval_minutes ?? 30;

  const dayReservations = reservations.data ?? EMPTY;
  const rows = useMemo(
    () =>
      buildReservationRows({
        resources,
        reservations: dayReservations,
        blockTimes: blockTimes.data ?? EMPTY,
        shifts: shifts.data ?? EMPTY,
        date,
        filters: { statuses: search.statuses, resources: search.resources },
      }),
    [
      resources,
      dayReservations,
      blockTimes.data,
      shifts.data,
      date,
      search.statuses,
      search.resources,
    ],
  );
  const hours = useMemo(() => {
    const day = opening.data?.is_saved ? openingFor(opening.data, date) : undefined;
    const spans = rows.flatMap((row) => [...row.items, ...row.bands]);
    return visibleHours(day?.is_open ? day : null, spans);
  }, [opening.data, date, rows]);

  const scale = timelineScale({ zoom, width: box.width, labelWidth: viewport.labelWidth, hours });
  const rowHeight = fittedRowHeight(box.height, HEADER_HEIGHT, rows.length);

  const slotHolding = new Set(
    statuses.filter((status) => status.holds_slot).map((status) => status.id),
  );
  const active = dayReservations.filter(
    (reservation) => slotHolding.has(reservation.status) || statuses.length === 0,
  );
  const pending = dayReservations.filter(
    (reservation) =>
      reservation.status === 1 || reservation.change_child || reservation.cancel_child,
  );

  const move = (
    reservation: Reservation,
    change: MoveRequest,
    override = false,
  ): Promise<unknown> =>
    save
      .mutateAsync(
        payloadOf(reservation, {
          from: change.from,
          to: change.to,
          salon_resource_id: change.resourceId,
          ...(override ? { shift_override: true } : {}),
        }),
      )
      .then(
        () =>
          toast.success(
            `${customerName(reservation)} 様の予約を ${change.from}〜${change.to} に移動しました`,
            { action: { label: '元に戻す', onClick: () => void undoMove(reservation) } },
          ),
        (error: unknown) => {
          if (isShiftRefusal(error)) {
            const name =
              resources.find((resource) => resource.id === change.resourceId)?.name ?? '';
            panel.launchModal((close) => (
              <ConfirmDialog
                open
                title="シフト外への移動"
                message={`「${name}」の${formatDateJa(date)} ${change.from}〜${change.to}はシフト外です。シフト外のまま予約を移動しますか？`}
                confirmLabel="シフト外に移動する"
                tone="primary"
                onCancel={close}
                onConfirm={() => {
                  close();
                  void move(reservation, change, true);
                }}
              />
            ));
          } else toast.error(writeErrorText(error));
        },
      );

  /** 元に戻す: the slot before the drag, unless someone took it meanwhile (then it says so). */
  const undoMove = (before: Reservation): Promise<unknown> =>
    save.mutateAsync(payloadOf(before)).then(
      () =>
        toast.success(
          `${customerName(before)} 様の予約を ${before.from}〜${before.to} に戻しました`,
        ),
      (error: unknown) =>
        toast.error(
          isConflict(error)
            ? `元の時間（${before.from}〜${before.to}）には別の予約が入ったため、元に戻せませんでした。\n${writeErrorText(error)}`
            : writeErrorText(error),
        ),
    );

  const openNew = (resourceId: number | null, from: string) =>
    panel.open(
      panelContents.newReservation({
        member: null,
        name: '',
        kana: '',
        phone: '',
        course_id: null,
        salon_resource_id: resourceId,
        sub_resource_ids: [],
        date,
        from,
        to: toTime(Math.min(toMinutes(from) + slotMinutes, 24 * 60 - 1)),
        resource_fee_is_charged: false,
        memo: '',
        comment: '',
        shift_override: false,
      }),
    );

  return (
    <>
      <div className="salon-toolbar">
        <FilterMenu
          label="ステータス"
          options={statuses.map((status) => ({
            value: status.id,
            name: status.name,
            color: status.color,
          }))}
          selected={search.statuses}
          onChange={search.setStatuses}
        />
        <FilterMenu
          label="担当"
          options={resources.map((resource) => ({
            value: resource.id,
            name: resource.name,
            color: resource.color,
          }))}
          selected={search.resources}
          onChange={search.setResources}
        />
        <p className="salon-counts" aria-label="この日の件数">
          <span>
            予約 <strong data-testid="reservation-count">{active.length}</strong>件
          </span>
          <span>
            この日のリクエスト <strong data-testid="pending-count">{pending.length}</strong>件
          </span>
        </p>
        <div className="salon-zoom" role="group" aria-label="表示の幅">
          {ZOOM_STEPS.map((step) => (
            <button
              key={step}
              type="button"
              className={`salon-zoom__step${zoom === step ? ' is-current' : ''}`}
              aria-pressed={zoom === step}
              onClick={() => setZoom(step)}
            >
              {step === 'fit' ? '1日' : `${step}分`}
            </button>
          ))}
        </div>
        {canWrite ? (
          <div className="salon-toolbar__actions">
            <button
              type="button"
              className="btn"
              onClick={() =>
                panel.open(
                  panelContents.blockTime({
                    date,
                    from: '13:00',
                    to: '14:00',
                    salon_resource_id: resources[0]?.id ?? 0,
                    is_confirmed: true,
                    description: '',
                  }),
                )
              }
            >
              ブロック時間を追加
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => openNew(null, '10:00')}
            >
              予約を追加
            </button>
          </div>
        ) : null}
      </div>
      <div ref={box.ref} className="salon-fit">
        <ReservationTimeline
          rows={rows}
          hours={hours}
          now={now}
          statuses={statuses}
          courses={courses}
          canWrite={canWrite}
          height={box.height}
          rowHeight={rowHeight}
          pxPerMinute={scale.pxPerMinute}
          tickMinutes={scale.tickMinutes}
          slotMinutes={slotMinutes}
          labelWidth={viewport.labelWidth}
          onOpenReservation={(id) => panel.open(panelContents.detail(id))}
          onOpenBlock={(block) => panel.open(panelContents.blockTime(block))}
          onSlot={openNew}
          onMove={move}
        />
      </div>
    </>
  );
}
