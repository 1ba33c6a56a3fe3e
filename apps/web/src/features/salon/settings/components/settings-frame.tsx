import type { ReactNode } from 'react';
import { pagePaths } from '@/config/paths';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { Select } from '@/ui/select';
import { useSalons } from '../../api/get-salons';
import { useSalonSearch } from '../../utils/salon-search';
import { settingsLink, type SettingsSectionKey } from '../sections';
import { SectionNav } from './section-nav';
import '../settings.css';
// The catalogue sections' lists, dialogs and matrix (courses, resources, matrix, URLs).
import '../section/settings-section.css';

export type SettingsPageProps = {
  title: string;
  /** `reserve-write`: without it the values are shown without controls. */
  canWrite: boolean;
};

type SettingsFrameProps = SettingsPageProps & {
  /** The section on screen; none on the settings home. */
  section?: SettingsSectionKey;
  /** What the section holds, in a line above it. */
  lead?: string;
  children: (salonId: number) => ReactNode;
};

/**
 * Every settings page: the salon chosen as on the timeline (`?salon=`, else the account's
 * first), the header, the read-only note and the section navigation (decision 0106).
 */
export function SettingsFrame(props: SettingsFrameProps) {
  const { title, canWrite, section, lead, children } = props;
  const search = useSalonSearch();
  const salons = useSalons();
  if (salons.isPending) return <Loading />;
  const list = salons.data ?? [];
  const salonId = list.some((salon) => salon.id === search.salon) ? search.salon! : list[0]?.id;
  const breadcrumbs = [
    { label: 'サロン予約', to: pagePaths.ReserveSalon },
    ...(section
      ? [{ label: '予約設定', to: settingsLink(pagePaths.SalonSettings, search.salon) }]
      : []),
    { label: title },
  ];

  return (
    <section className="page settings-page">
      <PageHeader
        title={title}
        breadcrumbs={breadcrumbs}
        actions={
          list.length > 1 && salonId ? (
            <div className="settings-salon">
              <Select
                label="サロン"
                options={list.map((salon) => ({ value: salon.id, name: salon.name }))}
                value={salonId}
                onChange={search.setSalon}
              />
            </div>
          ) : list[0] ? (
            <span className="settings-salon__name">{list[0].name}</span>
          ) : null
        }
      />
      {!salonId ? (
        <p className="notice notice--info">
          {salons.isError
            ? 'サロンを読み込めませんでした。再読み込みしてください。'
            : 'このアカウントにはまだサロンがありません。'}
        </p>
      ) : (
        <>
          {!canWrite ? (
            <p className="notice notice--info" role="note">
              閲覧のみです。予約設定の変更には「予約」の書き込み権限が必要です。
            </p>
          ) : null}
          <div className="settings-body">
            <SectionNav current={section} salon={search.salon} />
            <div className="settings-main" key={salonId}>
              {lead ? <p className="settings-lead">{lead}</p> : null}
              {children(salonId)}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
