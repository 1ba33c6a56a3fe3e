import { CHAT_MARK_NAME_MAX } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { FieldError } from '@/ui/field-error';
import { Select } from '@/ui/select';
import { useToast } from '@/ui/toast';
import { useChatMarks, useCreateMark, useSetMark } from '../api/chat-api';

/** The palette a new mark takes its colour from (readable with white text). */
export const MARK_COLOURS = [
  { value: '#e11d48', name: '赤' },
  { value: '#ea580c', name: 'オレンジ' },
  { value: '#16a34a', name: '緑' },
  { value: '#2563eb', name: '青' },
  { value: '#7c3aed', name: '紫' },
  { value: '#475569', name: 'グレー' },
] as const;

/** A mark as a small coloured label. */
export function ChatMarkBadge({ mark }: { mark: { name: string; colour: string } }) {
  return (
    <span className="chat-mark" style={{ background: mark.colour }}>
      {mark.name}
    </span>
  );
}

/**
 * 対応マーク of a thread (decision 0306): choose one of the shop's marks or none, or add a new
 * mark (name and colour) and set it at once. For operators who may set the state (board-write).
 */
export function ThreadMarkControl(props: {
  friendId: number;
  mark: { id: number; name: string; colour: string } | null;
}) {
  const id = useId();
  const marks = useChatMarks();
  const setMark = useSetMark(props.friendId);
  const create = useCreateMark();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [colour, setColour] = useState<string>(MARK_COLOURS[0].value);
  const errors = isApiError(create.error) ? create.error.fieldErrors : {};
  const choose = (markId: number | null) =>
    setMark.mutate(markId, { onError: (error) => toast.error(errorText(error)) });

  const add = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, colour },
      {
        onSuccess: ({ id: markId }) => {
          setAdding(false);
          setName(savedUnlessEdited(name, ''));
          choose(markId);
        },
      },
    );
  };

  return (
    <div className="chat-marks">
      <Select
        label="対応マーク"
        options={[
          { value: 0, name: 'なし' },
          ...(marks.data?.marks ?? []).map((mark) => ({ value: mark.id, name: mark.name })),
        ]}
        value={props.mark?.id ?? 0}
        onChange={(markId) => choose(markId === 0 ? null : markId)}
        loading={marks.isPending}
      />
      {adding ? (
        <form className="chat-marks__add" onSubmit={add} noValidate>
          <label htmlFor={`${id}-name`}>マーク名</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={CHAT_MARK_NAME_MAX * 2}
            placeholder="例: 要折返し"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <FieldError id={`${id}-name-error`} messages={errors.name} />
          <Select
            label="色"
            options={MARK_COLOURS.map((option) => ({ ...option }))}
            value={colour}
            onChange={setColour}
          />
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            追加して付ける
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => setAdding(false)}>
            やめる
          </button>
        </form>
      ) : (
        <button type="button" className="btn btn--ghost" onClick={() => setAdding(true)}>
          マークを追加
        </button>
      )}
    </div>
  );
}
