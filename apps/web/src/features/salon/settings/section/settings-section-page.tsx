import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { Select } from '@/ui/select';
import { useSalons } from '../../api/get-salons';
import { salonPaths } from '../../utils/salon-search';
import { SETTINGS_HOME } from './settings-links';
import './settings-section.css';

type SettingsSectionPageProps = {
  title: string;
  /** `reserve-write`: without it the section shows its data only, with the note below. */
  canWrite: boolean;
  /** What the section explains under its title. */
  lead: string;
  children: (salonId: number) => ReactNode;
};

export const READ_ONLY_NOTE = '閲覧のみです。予約設定の変更には「予約」の書き込み権限が必要です。';

/**
 * One section of the salon settings (issue 12): the account's salon (or `?salon=`), the trail
 * and a link back to the settings home, and the read-only note for operators without
 * reserve-write.
 */
export function SettingsSectionPage({ title, canWrite, lead, children }: SettingsSectionPageProps) {
  const [params, setParams] = useSearchParams();
  const salons = useSalons();
  const list = salons.data ?? [];
  const wanted = Number(params.get('salon')) || null;
  const salonId = list.some((salon) => salon.id === wanted) ? wanted! : list[0]?.id;
  const home = wanted ? `${SETTINGS_HOME}?salon=${wanted}` : SETTINGS_HOME;

  return (
    <section className="page salon-settings">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'サロン予約', to: salonPaths.home },
          { label: '予約設定', to: home },
          { label: title },
        ]}
        actions={
          list.length > 1 && salonId ? (
            <div className="salon-settings__switcher">
              <Select
                label="サロン"
                options={list.map((salon) => ({ value: salon.id, name: salon.name }))}
                value={salonId}
                onChange={(id) => setParams({ salon: String(id) })}
              />
            </div>
          ) : null
        }
      />
      <p className="salon-settings__back">
        <Link to={home}>← 予約設定に戻る</Link>
      </p>
      <p className="salon-settings__lead">{lead}</p>
      {!canWrite ? <p className="notice notice--info">{READ_ONLY_NOTE}</p> : null}
      {salons.isPending ? (
        <Loading />
      ) : salonId ? (
        <div key={salonId}>{children(salonId)}</div>
      ) : (
        <p className="notice notice--info">
          {salons.isError
            ? 'サロンを読み込めませんでした。再読み込みしてください。'
            : 'このアカウントにはまだサロンがありません。'}
        </p>
      )}
    </section>
  );
}
