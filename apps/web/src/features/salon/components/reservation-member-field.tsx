import { usePanel } from '../panel/panel-context';
import { Field } from './field';
import { MemberSearchDialog } from './member-search-dialog';

type PickedMember = { id: number; display_name: string };

/** The reservation's 会員: who is picked, 会員を検索 in the panel's modal, and 解除. */
export function ReservationMemberField(props: {
  id: string;
  member: PickedMember | null;
  errors: string[] | undefined;
  onChange: (member: PickedMember | null) => void;
}) {
  const { id, member, onChange } = props;
  const panel = usePanel();
  return (
    <Field id={id} label="会員" errors={props.errors} labelFor={false}>
      <div className="salon-form__member">
        <span id={id}>{member ? member.display_name : '未選択'}</span>
        <button
          type="button"
          className="btn"
          onClick={() =>
            panel.launchModal((close) => (
              <MemberSearchDialog
                onClose={close}
                onPick={(picked) => onChange({ id: picked.id, display_name: picked.display_name })}
              />
            ))
          }
        >
          会員を検索
        </button>
        {member ? (
          <button type="button" className="btn btn--ghost" onClick={() => onChange(null)}>
            解除
          </button>
        ) : null}
      </div>
    </Field>
  );
}
