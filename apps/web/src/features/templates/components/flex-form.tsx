import { LINE_MESSAGE_LIMITS, TEMPLATE_NAME_MAX, type TemplateLineCheck } from '@tsunagu/contracts';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { afterWrite } from '@/lib/after-write';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { PageHeader } from '@/ui/page-header';
import { Select } from '@/ui/select';
import { useToast } from '@/ui/toast';
import { useCreateTemplate, useUpdateTemplate } from '../api/templates-api';
import { FlexBuilder } from './flex-builder';
import { cardProblems, toFlexContainer, type CardDraft } from './flex-cards';
import { cardsOfJson, readJson, type Draft } from './flex-draft';
import { FlexPreview } from './flex-preview';
import { toastSaved } from './saved-toast';

/** The flex template's form: name, folder, alt text, cards or JSON, LINE's checks, preview. */
export function FlexForm(props: {
  title: string;
  id: number | null;
  initial: Draft;
  groups: { id: number; name: string }[];
  redirectTo: string;
}) {
  const formId = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const save = props.id === null ? create : update;
  const [draft, setDraft] = useState(props.initial);
  const { release } = useUnsavedChanges(draft, props.initial);
  const [cards, setCards] = useState(() => cardsOfJson(props.initial.json));
  const [unreadable, setUnreadable] = useState(false);
  const read = useMemo(() => readJson(draft.json), [draft.json]);
  const problems = useMemo(
    () => (cards ? [...new Set([...cardProblems(cards), ...read.problems])] : read.problems),
    [cards, read.problems],
  );
  const editCards = (next: CardDraft[]) => {
    setCards(next);
    setDraft({ ...draft, json: JSON.stringify(toFlexContainer(next), null, 2) });
  };
  const toBuilder = () => {
    const found = cardsOfJson(draft.json);
    setUnreadable(found === null);
    if (found) setCards(found);
  };
  const errors = isApiError(save.error) ? save.error.fieldErrors : {};
  const formError = save.error && Object.keys(errors).length === 0 ? errorText(save.error) : null;

  const submit = () => {
    if (problems.length > 0) return;
    const input = {
      name: draft.name,
      group_id: draft.group_id,
      kind: 'flex' as const,
      messages: [{ type: 'flex', altText: draft.altText, contents: read.container }],
    };
    const done = (answer: { line_check: TemplateLineCheck }) => {
      release();
      toastSaved(
        toast,
        props.id === null
          ? 'フレックスメッセージを作成しました'
          : 'フレックスメッセージを保存しました',
        answer.line_check,
      );
      navigate(props.redirectTo);
    };
    afterWrite(
      props.id === null ? create.mutateAsync(input) : update.mutateAsync({ id: props.id, input }),
      done,
    );
  };

  return (
    <section className="page flex-edit-page">
      <PageHeader title={props.title} />
      <form
        className="flex-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="form form--wide">
          {formError ? (
            <p className="notice notice--error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor={`${formId}-name`}>テンプレート名</label>
            <input
              id={`${formId}-name`}
              value={draft.name}
              maxLength={TEMPLATE_NAME_MAX}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={`${formId}-name-error`}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
            <FieldError id={`${formId}-name-error`} messages={errors.name} />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-group`}>フォルダ</label>
            <Select
              id={`${formId}-group`}
              label="フォルダ"
              options={[
                { value: 0, name: '未分類' },
                ...props.groups.map((group) => ({ value: group.id, name: group.name })),
              ]}
              value={draft.group_id ?? 0}
              onChange={(group) => setDraft({ ...draft, group_id: group || null })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-alt`}>代替テキスト（通知やトーク一覧に出る文）</label>
            <input
              id={`${formId}-alt`}
              value={draft.altText}
              maxLength={LINE_MESSAGE_LIMITS.flexAltTextChars}
              onChange={(event) => setDraft({ ...draft, altText: event.target.value })}
            />
          </div>
          <div className="flex-mode" role="group" aria-label="編集のしかた">
            <button
              type="button"
              className={`btn${cards ? ' btn--primary' : ''}`}
              aria-pressed={cards !== null}
              onClick={toBuilder}
            >
              ビルダー
            </button>
            <button
              type="button"
              className={`btn${cards ? '' : ' btn--primary'}`}
              aria-pressed={cards === null}
              onClick={() => {
                setUnreadable(false);
                setCards(null);
              }}
            >
              JSON（上級者向け）
            </button>
          </div>
          {unreadable ? (
            <p className="notice notice--info" role="status">
              このJSONはビルダーで開けない形です（画像・タイトル・本文・価格・ボタン3つまでのカード以外の部分があります）。JSONのまま編集してください。
            </p>
          ) : null}
          {cards ? (
            <FlexBuilder cards={cards} onChange={editCards} />
          ) : (
            <div className="field">
              <label htmlFor={`${formId}-json`}>フレックスメッセージのJSON</label>
              <textarea
                id={`${formId}-json`}
                className="flex-json"
                spellCheck={false}
                value={draft.json}
                aria-invalid={problems.length > 0 ? true : undefined}
                aria-describedby={`${formId}-problems`}
                onChange={(event) => setDraft({ ...draft, json: event.target.value })}
              />
            </div>
          )}
          <div id={`${formId}-problems`} aria-live="polite">
            {problems.length > 0 ? (
              <ul className="flex-problems" aria-label="LINEが受け付けない点">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : (
              <p className="text-muted">LINEが受け付ける形です</p>
            )}
          </div>
          <FieldError
            id={`${formId}-messages-error`}
            messages={errors['messages.0'] ?? errors.messages}
          />
          <div className="form__actions">
            <button type="button" className="btn" onClick={() => navigate(props.redirectTo)}>
              戻る
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={save.isPending || problems.length > 0}
            >
              {save.isPending ? '保存中…' : '保存'}
            </button>
          </div>
        </div>
        <figure className="line-preview" aria-label="プレビュー">
          <div className="line-preview__chat">
            {cards || read.problems.length === 0 ? (
              <FlexPreview container={read.container} />
            ) : (
              <p className="line-preview__empty">JSONを直すとここに表示されます</p>
            )}
          </div>
        </figure>
      </form>
    </section>
  );
}
