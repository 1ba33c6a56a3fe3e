import { PageHeader } from '@/ui/page-header';
import { Loading } from '@/ui/loading';
import { Select } from '@/ui/select';
import { useSalonConfig } from '../api/get-salon-config';
import { useSalons } from '../api/get-salons';
import { DateNav } from '../components/date-nav';
import { DeskBar } from '../desk/desk-bar';
import { ViewTabs } from '../components/view-tabs';
import { PanelProvider, usePanel } from '../panel/panel-context';
import { panelContents } from '../panel/panel-contents';
import { SidePanel } from '../panel/side-panel';
import { NoticeList } from '../realtime/notice-list';
import { useSalonRealtime } from '../realtime/use-salon-realtime';
import { useSalonReference } from '../store/use-salon-reference';
import { salonPaths, useSalonSearch, type SalonView } from '../utils/salon-search';
import type { ConsoleProps } from './console-context';
import { ShiftDayView } from './shift-day-view';
import { ShiftWeekView } from './shift-week-view';
import { TimelineView } from './timeline-view';
import '../salon.css';

type SalonConsolePageProps = {
  title: string;
  view: SalonView;
  /** `reserve-write`: without it every write control is hidden or disabled. */
  canWrite: boolean;
};

/**
 * The salon console (issue 11): the account's salon (or the one in `?salon=`), its daily
 * reservation timeline or shift timelines, the side panel and the realtime notices.
 */
export function SalonConsolePage({ title, view, canWrite }: SalonConsolePageProps) {
  const search = useSalonSearch();
  const salons = useSalons();
  if (salons.isPending) return <Loading />;
  const list = salons.data ?? [];
  const salonId = list.some((salon) => salon.id === search.salon) ? search.salon! : list[0]?.id;
  if (!salonId) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <p className="notice notice--info">
          {salons.isError
            ? 'サロンを読み込めませんでした。再読み込みしてください。'
            : 'このアカウントにはまだサロンがありません。'}
        </p>
      </section>
    );
  }
  return (
    <PanelProvider key={salonId}>
      <SalonConsole title={title} view={view} canWrite={canWrite} salonId={salonId} salons={list} />
    </PanelProvider>
  );
}

function SalonConsole(
  props: SalonConsolePageProps & { salonId: number; salons: { id: number; name: string }[] },
) {
  const { title, view, canWrite, salonId, salons } = props;
  const search = useSalonSearch();
  const reference = useSalonReference(salonId);
  const config = useSalonConfig(salonId);
  const realtime = useSalonRealtime(salonId, config.data?.push_notification ?? false);
  const panel = usePanel();
  const shared: ConsoleProps = {
    salonId,
    canWrite,
    date: search.date,
    resources: reference.resources.data,
    courses: reference.courses.data,
    statuses: reference.statuses.data,
  };

  return (
    <section className={`page salon-page${panel.content ? ' has-panel' : ''}`}>
      <PageHeader
        title={title}
        breadcrumbs={
          view === 'timeline' && title === 'サロン予約'
            ? []
            : [{ label: 'サロン予約', to: salonPaths.home }, { label: title }]
        }
        actions={
          <div className="salon-header-actions">
            <span className={`salon-online salon-online--${realtime.state}`} role="status">
              {realtime.state === 'offline'
                ? 'オフライン'
                : realtime.state === 'open'
                  ? 'リアルタイム更新中'
                  : '接続中...'}
            </span>
            {salons.length > 1 ? (
              <div className="salon-switcher">
                <Select
                  label="サロン"
                  options={salons.map((salon) => ({ value: salon.id, name: salon.name }))}
                  value={salonId}
                  onChange={search.setSalon}
                />
              </div>
            ) : (
              <span className="salon-name">{salons[0]?.name}</span>
            )}
          </div>
        }
      />
      {!canWrite ? (
        <p className="notice notice--info salon-readonly-banner">
          閲覧のみです。予約やシフトの登録・変更には「予約」の書き込み権限が必要です。
        </p>
      ) : null}
      <div className="salon-bar">
        <ViewTabs current={view} linkTo={search.linkTo} />
        <DateNav
          date={search.date}
          unit={view === 'shift-week' ? 'week' : 'day'}
          onChange={search.setDate}
        />
        <DeskBar salonId={salonId} />
      </div>
      <div className="salon-workspace">
        <div className="salon-main">
          {view === 'timeline' ? (
            <TimelineView {...shared} />
          ) : view === 'shift-day' ? (
            <ShiftDayView {...shared} />
          ) : (
            <ShiftWeekView {...shared} />
          )}
        </div>
        <SidePanel
          salonId={salonId}
          canWrite={canWrite}
          displayedDate={search.date}
          resources={shared.resources}
          courses={shared.courses}
          statuses={shared.statuses}
        />
      </div>
      <NoticeList
        notices={realtime.notices}
        onDismiss={realtime.dismiss}
        onOpen={(id) => panel.open(panelContents.detail(id))}
      />
    </section>
  );
}
