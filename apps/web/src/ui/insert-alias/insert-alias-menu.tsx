import type { AliasType, InsertableGroup } from '@tsunagu/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { insertAtCursor } from './insert-at-cursor';
import './insert-alias.css';

export const INSERT_ALIAS_TEXT = {
  button: '差し込み',
  loading: '読み込み中...',
  empty: '差し込める項目がありません',
} as const;

export const ALIAS_TYPE_LABELS: Record<AliasType, string> = {
  var: '友だち情報',
  commonVar: '共通情報',
  form: 'フォーム',
  friend: '友だち',
};

export type InsertAliasMenuProps = {
  /** The id of the textarea the alias goes into, at its cursor (replacing a selection). */
  targetId: string;
  value: string;
  onChange: (value: string) => void;
  groups: InsertableGroup[];
  loading?: boolean;
  /** Called when the menu opens (e.g. to load what it lists only then). */
  onOpen?: () => void;
  disabled?: boolean;
  /** The button's accessible name where several fields each have one (「タイトルに差し込み」). */
  label?: string;
};

/**
 * 差し込み (REF-14): a button whose menu lists the insertable items per group; choosing one puts
 * its alias into the textarea at the cursor, and the caret after it. Escape or a click
 * elsewhere closes the menu.
 */
export function InsertAliasMenu(props: InsertAliasMenuProps) {
  const { targetId, value, onChange, groups, loading = false, onOpen, disabled } = props;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const caret = useRef<number | null>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  // After the new text is rendered, the caret goes right after the inserted alias.
  useEffect(() => {
    if (caret.current === null) return;
    const target = document.getElementById(targetId) as HTMLTextAreaElement | null;
    target?.focus();
    target?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value, targetId]);

  const choose = (alias: string) => {
    const target = document.getElementById(targetId) as HTMLTextAreaElement | null;
    const start = target?.selectionStart ?? value.length;
    const end = target?.selectionEnd ?? value.length;
    const next = insertAtCursor(value, start, end, alias);
    caret.current = next.caret;
    setOpen(false);
    onChange(next.text);
  };

  return (
    <div
      className="insert-alias"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className="btn btn--ghost insert-alias__button"
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
      >
        {INSERT_ALIAS_TEXT.button}
      </button>
      {open ? (
        <div
          className="insert-alias__menu"
          id={menuId}
          role="menu"
          aria-label={INSERT_ALIAS_TEXT.button}
        >
          {loading ? (
            <p className="insert-alias__note">{INSERT_ALIAS_TEXT.loading}</p>
          ) : groups.length === 0 ? (
            <p className="insert-alias__note">{INSERT_ALIAS_TEXT.empty}</p>
          ) : (
            groups.map((group) => {
              const label = `${ALIAS_TYPE_LABELS[group.type]}：${group.name}`;
              return (
                <div role="group" aria-label={label} key={label} className="insert-alias__group">
                  <p className="insert-alias__heading" aria-hidden="true">
                    {label}
                  </p>
                  {group.entries.map((entry) => (
                    <button
                      type="button"
                      role="menuitem"
                      key={entry.alias}
                      className="insert-alias__item"
                      onClick={() => choose(entry.alias)}
                    >
                      {entry.name}
                    </button>
                  ))}
                </div>
              );
            })
          )}
        </div>
      ) : null}
    </div>
  );
}
