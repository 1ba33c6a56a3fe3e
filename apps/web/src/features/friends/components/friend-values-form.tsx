import {
  VAR_TEXT,
  isChoiceType,
  type FriendVarValue,
  type VarChoice,
  type Varia,
  type VarItem,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useLeaveGuard } from '@/ui/leave-guard';
import { useToast } from '@/ui/toast';
import { useChoicesOf, useSaveFriendValues } from '../api/friend-detail';
import { displayValue, fromDraft, toDraft, VarValueInput, type Draft } from './var-value-input';

type FriendValuesFormProps = {
  friendId: number;
  varia: Varia;
  values: readonly FriendVarValue[];
  canWrite: boolean;
};

/** Folders in order with their items, then 未分類 (the `fav` group is a view, not a folder). */
function sections(varia: Varia) {
  const folders = varia.groups.filter((group) => group.id !== 'fav');
  const byId = new Map(varia.items.map((item) => [item.id, item]));
  const inFolders = folders.map((group) => ({
    key: String(group.id),
    name: group.name,
    items: group.ids.flatMap((id) => byId.get(id) ?? []),
  }));
  const loose = varia.items.filter((item) => item.group_id === null);
  return [...inFolders, { key: 'none', name: VAR_TEXT.ungrouped, items: loose }].filter(
    (section) => section.items.length > 0,
  );
}

/** The friend's friend information: edited per field type and saved at once (decision 0142). */
export function FriendValuesForm({ friendId, varia, values, canWrite }: FriendValuesFormProps) {
  const stored = new Map(values.map((entry) => [entry.var_id, entry.value]));
  const choiceItems = varia.items.filter((item) => isChoiceType(item.type));
  const choiceQueries = useChoicesOf(choiceItems);
  const choicesOf = (item: VarItem): VarChoice[] =>
    choiceQueries[choiceItems.indexOf(item)]?.data ?? [];
  const choicesFailed = choiceQueries.some((query) => query.isError);
  const [drafts, setDrafts] = useState<Map<number, Draft>>(new Map());
  const save = useSaveFriendValues(friendId);
  const toast = useToast();
  const formId = useId();

  // Unsaved edits warn before the operator leaves the page (ADR 0062).
  useLeaveGuard(drafts.size > 0);
  const draftOf = (item: VarItem) => drafts.get(item.id) ?? toDraft(item, stored.get(item.id));
  const changed = [...drafts.keys()];
  // 422 names `values.{index}.value` of what was sent: map back to the field.
  const sentIds = (save.variables?.values ?? []).map((entry) => entry.var_id);
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const errorsOf = (item: VarItem) => {
    const index = sentIds.indexOf(item.id);
    return index < 0 ? undefined : serverErrors[`values.${index}.value`];
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = varia.items.filter((item) => drafts.has(item.id));
    save.mutate(
      { values: items.map((item) => ({ var_id: item.id, value: fromDraft(item, draftOf(item)) })) },
      {
        onSuccess: () => {
          setDrafts(new Map());
          toast.success('友だち情報を保存しました');
        },
        onError: (error) => {
          if (!isApiError(error) || Object.keys(error.fieldErrors).length === 0)
            toast.error(errorText(error));
        },
      },
    );
  };

  if (varia.items.length === 0)
    return (
      <p className="text-muted">友だち情報欄はまだありません（友だち情報欄の画面で作成できます）</p>
    );

  return (
    <form onSubmit={submit} noValidate className="friend-values">
      {choicesFailed ? (
        <p className="notice notice--error" role="alert">
          友だち情報選択肢の読み込み中にエラーが発生しました
        </p>
      ) : null}
      {sections(varia).map((section) => (
        <fieldset key={section.key} className="friend-values__group">
          <legend>{section.name}</legend>
          <dl className="friend-values__list">
            {section.items.map((item) => {
              const inputId = `${formId}-var-${item.id}`;
              const errors = errorsOf(item);
              return (
                <div key={item.id} className="friend-values__row">
                  <dt>
                    {canWrite && item.type !== 'multi_choice' ? (
                      <label htmlFor={inputId}>{item.name}</label>
                    ) : (
                      item.name
                    )}
                  </dt>
                  <dd>
                    {canWrite ? (
                      <VarValueInput
                        item={item}
                        choices={choicesOf(item)}
                        value={draftOf(item)}
                        onChange={(value) =>
                          setDrafts((current) => new Map(current).set(item.id, value))
                        }
                        inputId={inputId}
                        describedBy={errors ? `${inputId}-error` : undefined}
                        invalid={errors !== undefined}
                      />
                    ) : (
                      displayValue(item, stored.get(item.id), choicesOf(item)) || (
                        <span className="text-muted">-</span>
                      )
                    )}
                    <FieldError id={`${inputId}-error`} messages={errors} />
                  </dd>
                </div>
              );
            })}
          </dl>
        </fieldset>
      ))}
      {canWrite ? (
        <div className="friend-values__actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={changed.length === 0 || save.isPending}
          >
            友だち情報を保存
          </button>
        </div>
      ) : null}
    </form>
  );
}
