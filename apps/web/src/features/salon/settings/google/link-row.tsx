import { BUSINESS_TIME_ZONE, type GoogleCalendars, type GooglePurpose } from '@tsunagu/contracts';
import { useState } from 'react';
import { Select } from '@/ui/select';

export type Association = GoogleCalendars['associations'][number];

/** What a link is for, in the operator's words. */
export const PURPOSE_LABELS: Record<GooglePurpose, string> = {
  shift: 'シフト',
  reservation: '予約',
};

/** Said once above the resources, not on every row. */
export const PURPOSE_HINTS: Record<GooglePurpose, string> = {
  shift: 'カレンダーの予定を、今日から62日分シフトとして取り込みます。',
  // Decision 0273: each staff member's reservations are written to their linked calendar.
  reservation: '担当者の予約（作成・変更・キャンセル）を、リンクしたカレンダーへ書き込みます。',
};

const syncedAt = new Intl.DateTimeFormat('ja-JP', {
  timeZone: BUSINESS_TIME_ZONE,
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

type LinkRowProps = {
  resourceName: string;
  purpose: GooglePurpose;
  association: Association | undefined;
  /** The connected account's calendars; empty without an account. */
  calendars: GoogleCalendars['calendars'];
  canWrite: boolean;
  /** A link or resync of this row is on its way. */
  busy: boolean;
  onLink: (calendarId: string) => void;
  onResync: (association: Association) => void;
  onUnlink: (association: Association) => void;
};

/** One purpose of one resource: the linked calendar and its actions, or a calendar to link. */
export function LinkRow(props: LinkRowProps) {
  const { resourceName, purpose, association, calendars, canWrite, busy } = props;
  const label = PURPOSE_LABELS[purpose];
  const [chosen, setChosen] = useState<string | null>(null);

  return (
    <div className="google-link">
      <dt className="google-link__purpose">{label}</dt>
      <dd className="google-link__body">
        {association ? (
          <>
            <span className="google-link__calendar">
              <strong>「{association.calendar_summary}」</strong>
              {purpose === 'shift' ? (
                <span className="text-muted">
                  {association.last_synced_at
                    ? `最終取得 ${syncedAt.format(new Date(association.last_synced_at))}`
                    : '未取得'}
                </span>
              ) : null}
            </span>
            {canWrite ? (
              <span className="google-link__actions">
                {purpose === 'shift' ? (
                  <button
                    type="button"
                    className="btn"
                    disabled={busy}
                    aria-label={`${resourceName}のシフトを再取得`}
                    onClick={() => props.onResync(association)}
                  >
                    {busy ? '再取得中…' : '再取得'}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn--ghost salon-settings__delete"
                  disabled={busy}
                  aria-label={`${resourceName}の${label}用カレンダーの連携を解除`}
                  onClick={() => props.onUnlink(association)}
                >
                  解除
                </button>
              </span>
            ) : null}
          </>
        ) : (
          <>
            <span className="text-muted">未連携</span>
            {canWrite && calendars.length > 0 ? (
              <span className="google-link__form">
                <Select
                  label={`${resourceName}の${label}用カレンダー`}
                  placeholder="カレンダーを選択"
                  options={calendars.map((calendar) => ({
                    value: calendar.id,
                    name: calendar.summary,
                  }))}
                  value={chosen}
                  disabled={busy}
                  onChange={setChosen}
                />
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={!chosen || busy}
                  aria-label={`${resourceName}の${label}用カレンダーを連携`}
                  onClick={() => chosen && props.onLink(chosen)}
                >
                  {busy ? '連携中…' : '連携'}
                </button>
              </span>
            ) : null}
          </>
        )}
      </dd>
    </div>
  );
}
