import { RICH_MENU_LABEL_MAX, RICH_MENU_TEXT_MAX, type FieldErrors } from '@tsunagu/contracts';
import { useState } from 'react';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import { formUrl, type Choice, type LinkChoice } from '../api/rich-menus-api';
import type { Rect, Size } from '../lib/area-math';
import { ACTION_KIND_LABELS, type ActionKind, type DraftAction } from '../lib/menu-draft';

const KINDS = Object.entries(ACTION_KIND_LABELS).map(([value, name]) => ({
  value: value as ActionKind,
  name,
}));
const MODES = [
  { value: 'date' as const, name: '日付' },
  { value: 'time' as const, name: '時刻' },
  { value: 'datetime' as const, name: '日付と時刻' },
];
const BOUND_FIELDS: { key: keyof Rect; label: string }[] = [
  { key: 'x', label: 'x（左端）' },
  { key: 'y', label: 'y（上端）' },
  { key: 'width', label: '幅' },
  { key: 'height', label: '高さ' },
];

function Error({ errors, field }: { errors: FieldErrors; field: string }) {
  const message = errors[field]?.[0];
  return message ? <p className="field__error">{message}</p> : null;
}

/** An area's place as numbers (image pixels): the way to make areas where drawing is awkward. */
export function BoundsFields(props: {
  index: number;
  bounds: Rect;
  size: Size;
  onChange: (rect: Rect) => void;
}) {
  const { bounds, size } = props;
  return (
    <div className="rm-bounds">
      {BOUND_FIELDS.map(({ key, label }) => (
        <label key={key}>
          {label}
          <input
            type="number"
            inputMode="numeric"
            min={key === 'width' || key === 'height' ? 1 : 0}
            max={key === 'x' || key === 'width' ? size.width : size.height}
            value={bounds[key]}
            aria-label={`タップ領域${props.index + 1}の${label}`}
            onChange={(event) => {
              const value = Math.round(Number(event.target.value));
              if (Number.isFinite(value)) props.onChange({ ...bounds, [key]: value });
            }}
          />
        </label>
      ))}
    </div>
  );
}

/** What a tap on the area does: the kind, then that kind's fields, named for the owner. */
export function ActionFields(props: {
  index: number;
  action: DraftAction;
  errors: FieldErrors;
  actionSets: Choice[];
  menus: Choice[];
  links: LinkChoice[];
  onChange: (action: DraftAction) => void;
}) {
  const { action, errors, index } = props;
  const at = `areas.${index}.action`;
  const set = (patch: Partial<DraftAction>) => props.onChange({ ...action, ...patch });
  const [linkError, setLinkError] = useState<string | null>(null);
  const n = index + 1;
  return (
    <div className="rm-action">
      <Select
        label={`タップ領域${n}のアクション`}
        options={KINDS}
        value={action.kind}
        onChange={(kind) => set({ kind })}
      />
      {action.kind === 'uri' ? (
        <div className="field">
          {props.links.length > 0 ? (
            <Select
              label={`タップ領域${n}：予約ページ・フォームから選ぶ`}
              placeholder="予約ページ・フォームから選ぶ"
              options={props.links.map((link) => ({ value: link.key, name: link.name }))}
              value=""
              onChange={(key) => {
                const link = props.links.find((l) => l.key === key);
                if (!link) return;
                setLinkError(null);
                if (link.url) set({ uri: link.url });
                else if (link.formId)
                  formUrl(link.formId)
                    .then((uri) => set({ uri }))
                    .catch(() => setLinkError('フォームのURLを読み込めませんでした'));
              }}
            />
          ) : null}
          <label className="field__label" htmlFor={`${at}-uri`}>
            リンク先URL
          </label>
          <TextBox
            id={`${at}-uri`}
            type="url"
            value={action.uri}
            placeholder="https://"
            showCounter={false}
            aria-invalid={errors[`${at}.uri`] !== undefined}
            onChange={(uri) => set({ uri })}
          />
          {linkError ? <p className="field__error">{linkError}</p> : null}
          <Error errors={errors} field={`${at}.uri`} />
        </div>
      ) : null}
      {action.kind === 'tel' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${at}-tel`}>
            電話番号
          </label>
          <TextBox
            id={`${at}-tel`}
            type="tel"
            value={action.tel}
            placeholder="03-1234-5678"
            showCounter={false}
            onChange={(tel) => set({ tel })}
          />
          <Error errors={errors} field={`${at}.uri`} />
        </div>
      ) : null}
      {action.kind === 'message' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${at}-text`}>
            友だちが送るテキスト
          </label>
          <TextBox
            id={`${at}-text`}
            value={action.text}
            maxLength={RICH_MENU_TEXT_MAX}
            onChange={(text) => set({ text })}
          />
          <Error errors={errors} field={`${at}.text`} />
        </div>
      ) : null}
      {action.kind === 'postback' || action.kind === 'datetimepicker' ? (
        <div className="field">
          {action.kind === 'datetimepicker' ? (
            <Select
              label={`タップ領域${n}：選んでもらうもの`}
              options={MODES}
              value={action.mode}
              onChange={(mode) => set({ mode })}
            />
          ) : null}
          <Select
            label={`タップ領域${n}：実行するアクションセット`}
            placeholder={
              props.actionSets.length === 0
                ? 'アクションセットがありません（友だち追加時設定で作れます）'
                : 'アクションセットを選ぶ'
            }
            options={props.actionSets.map(({ id, name }) => ({ value: id, name }))}
            value={action.action_set_id ?? 0}
            onChange={(id) => set({ action_set_id: id })}
          />
          <Error errors={errors} field={`${at}.action_set_id`} />
        </div>
      ) : null}
      {action.kind === 'richmenuswitch' ? (
        <div className="field">
          <Select
            label={`タップ領域${n}：切り替え先のメニュー（タブ）`}
            placeholder={
              props.menus.length === 0
                ? '切り替え先のメニューを先に保存してください'
                : 'メニューを選ぶ'
            }
            options={props.menus.map(({ id, name }) => ({ value: id, name }))}
            value={action.rich_menu_id ?? 0}
            onChange={(id) => set({ rich_menu_id: id })}
          />
          <Error errors={errors} field={`${at}.rich_menu_id`} />
        </div>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={`${at}-label`}>
          ラベル（読み上げ・通知に使われます。任意）
        </label>
        <TextBox
          id={`${at}-label`}
          value={action.label}
          maxLength={RICH_MENU_LABEL_MAX}
          onChange={(label) => set({ label })}
        />
        <Error errors={errors} field={`${at}.label`} />
      </div>
    </div>
  );
}
