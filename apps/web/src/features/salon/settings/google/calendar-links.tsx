import { GOOGLE_PURPOSES, type GoogleCalendars, type GooglePurpose } from '@tsunagu/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { useLinkCalendar, useResyncShifts, useUnlinkCalendar } from './google-api';
import { linkErrorText, resyncErrorText, unlinkErrorText } from './google-errors';
import { LinkRow, PURPOSE_HINTS, PURPOSE_LABELS, type Association } from './link-row';

type Resource = GoogleCalendars['salon_resources'][number];
type Unlinking = { resource: Resource; association: Association };

/**
 * Per resource, the calendar its shifts come from and the one its reservations go to (RSV-40),
 * with link (RSV-41/42/43), unlink (RSV-44/45) and shift resync (RSV-46/47) for reserve-write.
 */
export function CalendarLinks(props: {
  salonId: number;
  canWrite: boolean;
  data: GoogleCalendars;
}) {
  const { salonId, canWrite, data } = props;
  const toast = useToast();
  const link = useLinkCalendar(salonId);
  const unlink = useUnlinkCalendar(salonId);
  const resync = useResyncShifts(salonId);
  const [unlinking, setUnlinking] = useState<Unlinking | null>(null);
  const summaryOf = (calendarId: string) =>
    data.calendars.find((calendar) => calendar.id === calendarId)?.summary ?? calendarId;

  const linkCalendar = (resource: Resource, purpose: GooglePurpose, calendarId: string) => {
    if (!data.account) return;
    const where = `「${summaryOf(calendarId)}」を${resource.name}の${PURPOSE_LABELS[purpose]}に連携しました`;
    link.mutate(
      {
        salon_resource_id: resource.id,
        google_token_id: data.account.id,
        google_calendar_id: calendarId,
        link_target: purpose,
      },
      {
        onSuccess: (outcome) => {
          if (outcome.waited) toast.success(`${where}（取り込みは続いています）`);
          else if (purpose === 'shift')
            toast.success(`${where}（シフト${outcome.answer.imported}件を取り込みました）`);
          else toast.success(where);
        },
        onError: (error) => toast.error(linkErrorText(error)),
      },
    );
  };

  const resyncShifts = (resource: Resource, association: Association) =>
    resync.mutate(
      { primaryId: association.google_token_id, associationId: association.id },
      {
        onSuccess: (answer) =>
          toast.success(`${resource.name}のシフトを再取得しました（${answer.imported}件）`),
        onError: (error) => toast.error(resyncErrorText(error)),
      },
    );

  const confirmUnlink = () => {
    if (!unlinking) return;
    const { resource, association } = unlinking;
    unlink.mutate(
      {
        primaryId: association.google_token_id,
        purpose: association.purpose,
        associationId: association.id,
      },
      {
        onSuccess: () =>
          toast.success(
            `${resource.name}の${PURPOSE_LABELS[association.purpose]}用カレンダーの連携を解除しました`,
          ),
        onError: (error) => toast.error(unlinkErrorText(error)),
        onSettled: () => setUnlinking(null),
      },
    );
  };

  const busyRow = (resourceId: number, purpose: GooglePurpose) =>
    (link.isPending &&
      link.variables?.salon_resource_id === resourceId &&
      link.variables.link_target === purpose) ||
    (resync.isPending &&
      purpose === 'shift' &&
      rowOf(resync.variables?.associationId, data) === resourceId);

  return (
    <section className="settings-card" aria-labelledby="google-links-heading">
      <h2 className="settings-card__title" id="google-links-heading">
        リソースごとのカレンダー
      </h2>
      <dl className="google-purposes">
        {GOOGLE_PURPOSES.map((purpose) => (
          <div key={purpose}>
            <dt>{PURPOSE_LABELS[purpose]}</dt>
            <dd>{PURPOSE_HINTS[purpose]}</dd>
          </div>
        ))}
      </dl>
      {data.salon_resources.length === 0 ? (
        <p className="text-muted">リソースを登録すると、ここでカレンダーを連携できます。</p>
      ) : (
        <ul className="google-resources" aria-label="リソースごとのカレンダー連携">
          {data.salon_resources.map((resource) => (
            <li key={resource.id} className="google-resource">
              <h3 className="google-resource__name">{resource.name}</h3>
              <dl className="google-resource__links">
                {GOOGLE_PURPOSES.map((purpose) => (
                  <LinkRow
                    key={purpose}
                    resourceName={resource.name}
                    purpose={purpose}
                    association={data.associations.find(
                      (row) => row.salon_resource_id === resource.id && row.purpose === purpose,
                    )}
                    calendars={data.account ? data.calendars : []}
                    canWrite={canWrite}
                    busy={busyRow(resource.id, purpose)}
                    onLink={(calendarId) => linkCalendar(resource, purpose, calendarId)}
                    onResync={(association) => resyncShifts(resource, association)}
                    onUnlink={(association) => setUnlinking({ resource, association })}
                  />
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={unlinking !== null}
        title="カレンダー連携を解除"
        message={unlinkQuestion(unlinking)}
        confirmLabel="解除する"
        busy={unlink.isPending}
        onConfirm={confirmUnlink}
        onCancel={() => setUnlinking(null)}
      />
    </section>
  );
}

function rowOf(associationId: number | undefined, data: GoogleCalendars): number | undefined {
  return data.associations.find((row) => row.id === associationId)?.salon_resource_id;
}

function unlinkQuestion(unlinking: Unlinking | null): string {
  if (!unlinking) return '';
  const { resource, association } = unlinking;
  const what = `${resource.name}の${PURPOSE_LABELS[association.purpose]}用カレンダー「${association.calendar_summary}」の連携を解除しますか？`;
  // Decision 0012: imported shifts stay; they are the staff's shifts now.
  return association.purpose === 'shift' ? `${what}取り込んだシフトは残ります。` : what;
}
