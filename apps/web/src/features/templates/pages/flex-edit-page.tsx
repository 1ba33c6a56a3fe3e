import {
  flexContainerProblems,
  flexProblemText,
  LINE_MESSAGE_LIMITS,
  LINE_TEMPLATE_LIMITS,
  MESSAGE_CHECK_TEXT,
  utf8Bytes,
  TEMPLATE_NAME_MAX,
  type Template,
  type TemplateLineCheck,
} from '@tsunagu/contracts';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { Select } from '@/ui/select';
import { useToast } from '@/ui/toast';
import { toastSaved } from '../components/saved-toast';
import {
  useCreateTemplate,
  useTemplate,
  useTemplateList,
  useUpdateTemplate,
} from '../api/templates-api';
import { FlexBuilder } from '../components/flex-builder';
import {
  cardProblems,
  fromFlexContainer,
  starterCards,
  toFlexContainer,
  type CardDraft,
} from '../components/flex-cards';
import { FlexPreview } from '../components/flex-preview';
import { templatePaths } from '../paths';
import '../components/templates.css';

type Draft = { name: string; group_id: number | null; altText: string; json: string };

/** Only a path of this console: a redirect elsewhere would send the operator off-site. */
const safeRedirect = (to: string | null) =>
  to && to.startsWith('/') && !to.startsWith('//') ? to : templatePaths.list;

const draftOf = (template: Template | undefined, group: number | null): Draft => {
  const message = template?.messages[0] as { altText?: string; contents?: unknown } | undefined;
  return {
    name: template?.name ?? '',
    group_id: template ? template.group_id : group,
    altText: message?.altText ?? '',
    json: JSON.stringify(message?.contents ?? toFlexContainer(starterCards()), null, 2),
  };
};

/** What the JSON says, read as the operator types: the container, or why it cannot be one. */
function readJson(json: string): { container: unknown; problems: string[] } {
  let container: unknown;
  try {
    container = JSON.parse(json);
  } catch {
    return {
      container: undefined,
      problems: ['JSONとして読めません（括弧・カンマ・" の対応を確かめてください）'],
    };
  }
  const bytes = utf8Bytes(container);
  if (bytes > LINE_TEMPLATE_LIMITS.flexBytes)
    return { container, problems: [MESSAGE_CHECK_TEXT.flexTooLarge(bytes)] };
  return { container, problems: flexContainerProblems(container).map(flexProblemText) };
}

/** The builder's cards for the JSON, or null when the builder cannot read it. */
function cardsOfJson(json: string): CardDraft[] | null {
  try {
    return fromFlexContainer(JSON.parse(json));
  } catch {
    return null;
  }
}

/**
 * The flex message editor (issue 14, decision 0165): the container's JSON with LINE's checks
 * shown as the operator types and a preview beside it; saved as a flex template (one message).
 * Since issue 28 (decision 0375) a card builder is the first mode and the JSON the advanced one.
 * The route needs the flex-message right; writes need template-write too (on the server).
 */
export function FlexEditPage(props: {
  title: string;
  id: string | null;
  group: string | null;
  redirectTo: string | null;
}) {
  const id = props.id === null ? null : Number(props.id);
  const list = useTemplateList();
  const template = useTemplate(id);
  const header = <PageHeader title={props.title} />;
  const failure = list.error ?? template.error;
  if (failure)
    return (
      <section className="page flex-edit-page">
        {header}
        <p className="notice notice--error" role="alert">
          {errorText(failure)}
        </p>
      </section>
    );
  if (!list.data || (id !== null && !template.data))
    return (
      <section className="page flex-edit-page">
        {header}
        <Loading />
      </section>
    );
  const group = Number(props.group) || null;
  const known = list.data.groups.some((folder) => folder.id === group);
  return (
    <FlexForm
      key={template.data?.updated_at ?? 'new'}
      title={props.title}
      id={id}
      initial={draftOf(template.data, known ? group : null)}
      groups={list.data.groups}
      redirectTo={safeRedirect(props.redirectTo)}
    />
  );
}

function FlexForm(props: {
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
    const done = {
      onSuccess: (answer: { line_check: TemplateLineCheck }) => {
        release();
        toastSaved(
          toast,
          props.id === null
            ? 'フレックスメッセージを作成しました'
            : 'フレックスメッセージを保存しました',
          answer.line_check,
        );
        navigate(props.redirectTo);
      },
    };
    if (props.id === null) create.mutate(input, done);
    else update.mutate({ id: props.id, input }, done);
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
