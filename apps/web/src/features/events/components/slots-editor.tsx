import { weeklyDates, type EventSlot, type EventSlotInput } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { useToast } from '@/ui/toast';
import { useCopySlot, useDeleteSlot, useEventSlots, useSaveSlot } from '../api/events-api';
import { SlotCard, slotTitle } from './slot-card';

/**
 * The event's slots (issue 27): each saved on its own (capacity is checked against its
 * bookings by the server), a new one added below, and any copied weekly for N weeks.
 */
export function SlotsEditor({ eventId, closeHour }: { eventId: number; closeHour: number }) {
  const slots = useEventSlots(eventId);
  const save = useSaveSlot();
  const remove = useDeleteSlot();
  const copy = useCopySlot();
  const toast = useToast();
  const [adding, setAdding] = useState(0);
  const [savingId, setSavingId] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EventSlot | null>(null);

  if (slots.isPending) return <Loading />;
  if (slots.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(slots.error)}
      </p>
    );
  const list = slots.data.slots;
  const write = (slotId: number | null, input: EventSlotInput) => {
    setSavingId(slotId ?? 'new');
    save.mutate(
      { eventId, slotId, input },
      {
        onSuccess: () => {
          toast.success(slotId === null ? '日程を追加しました' : '日程を保存しました');
          if (slotId === null) setAdding((n) => n + 1);
        },
      },
    );
  };
  const errorFor = (key: number | 'new') => (savingId === key ? save.error : null);
  return (
    <section className="ev-form" aria-label="日程">
      <h2>日程</h2>
      {list.length === 0 ? <p className="text-muted">日程はまだありません</p> : null}
      {list.map((slot) => (
        <SlotCard
          key={`${slot.id}-${slot.starts_at}-${slot.capacity}`}
          slot={slot}
          label={slotTitle(slot)}
          closeHour={closeHour}
          busy={save.isPending || copy.isPending}
          error={errorFor(slot.id) ?? (copy.variables?.slotId === slot.id ? copy.error : null)}
          onSave={(input) => write(slot.id, input)}
          onDelete={() => setDeleting(slot)}
          onCopyWeekly={(weeks) =>
            copy.mutate(
              { eventId, slotId: slot.id, dates: weeklyDates(slot.date, weeks) },
              {
                onSuccess: (made) => toast.success(`${made.ids.length}件の日程を追加しました`),
              },
            )
          }
        />
      ))}
      <SlotCard
        key={`new-${adding}`}
        slot={null}
        label="新しい日程"
        closeHour={closeHour}
        busy={save.isPending}
        error={errorFor('new')}
        onSave={(input) => write(null, input)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="日程の削除"
        message={`${deleting ? slotTitle(deleting) : ''}の日程を削除します。予約がある日程は削除できません。`}
        confirmLabel="削除する"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { eventId, slotId: deleting.id },
            {
              onSuccess: () => {
                toast.success('日程を削除しました');
                setDeleting(null);
              },
              onError: (error) => {
                toast.error(errorText(error));
                setDeleting(null);
              },
            },
          )
        }
      />
    </section>
  );
}
