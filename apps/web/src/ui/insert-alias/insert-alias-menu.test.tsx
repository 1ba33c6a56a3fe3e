import type { InsertableGroup } from '@tsunagu/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextArea } from '../text-field';
import { INSERT_ALIAS_TEXT, InsertAliasMenu } from './insert-alias-menu';
import { insertAtCursor } from './insert-at-cursor';

const groups: InsertableGroup[] = [
  {
    type: 'var',
    name: '基本',
    entries: [
      {
        type: 'var',
        group: '基本',
        name: '呼び名',
        itemType: 'text',
        order: 1,
        alias: '{{var:1}}',
      },
      {
        type: 'var',
        group: '基本',
        name: '誕生日',
        itemType: 'date',
        order: 2,
        alias: '{{var:2}}',
      },
    ],
  },
  {
    type: 'commonVar',
    name: '未分類',
    entries: [
      {
        type: 'commonVar',
        group: '未分類',
        name: '店舗電話',
        code: 'shop_phone',
        order: 1,
        alias: '{{commonVar:shop_phone}}',
      },
    ],
  },
];

function Editor(props: { initial: string; groups?: InsertableGroup[]; onOpen?: () => void }) {
  const [text, setText] = useState(props.initial);
  return (
    <>
      <label htmlFor="message">メッセージ</label>
      <InsertAliasMenu
        targetId="message"
        value={text}
        onChange={setText}
        groups={props.groups ?? groups}
        onOpen={props.onOpen}
      />
      <TextArea id="message" value={text} onChange={setText} />
      <button type="button">よそ</button>
    </>
  );
}

describe('差し込み menu', () => {
  it('REF-14 REF-15 lists the insertables per group and puts the chosen alias at the cursor', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(<Editor initial="様、こんにちは" onOpen={onOpen} />);
    const box = screen.getByLabelText('メッセージ');
    await user.click(box);
    (box as HTMLTextAreaElement).setSelectionRange(0, 0);
    await user.click(screen.getByRole('button', { name: INSERT_ALIAS_TEXT.button }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    const menu = screen.getByRole('menu', { name: INSERT_ALIAS_TEXT.button });
    const basics = within(menu).getByRole('group', { name: '友だち情報：基本' });
    expect(
      within(basics)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['呼び名', '誕生日']);
    expect(within(menu).getByRole('group', { name: '共通情報：未分類' })).toBeVisible();
    await user.click(within(basics).getByRole('menuitem', { name: '呼び名' }));
    expect(box).toHaveValue('{{var:1}}様、こんにちは');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // The caret is after the alias: typing goes on from there.
    expect(box).toHaveFocus();
    await user.keyboard('さん');
    expect(box).toHaveValue('{{var:1}}さん様、こんにちは');
  });

  it('a selection is replaced by the alias', async () => {
    const user = userEvent.setup();
    render(<Editor initial="電話: XXX まで" />);
    const box = screen.getByLabelText('メッセージ') as HTMLTextAreaElement;
    box.setSelectionRange(4, 7);
    await user.click(screen.getByRole('button', { name: INSERT_ALIAS_TEXT.button }));
    await user.click(screen.getByRole('menuitem', { name: '店舗電話' }));
    expect(box).toHaveValue('電話: {{commonVar:shop_phone}} まで');
  });

  it('Escape or a click elsewhere closes the menu; with nothing to insert it says so', async () => {
    const user = userEvent.setup();
    render(<Editor initial="" groups={[]} />);
    const button = screen.getByRole('button', { name: INSERT_ALIAS_TEXT.button });
    await user.click(button);
    expect(screen.getByRole('menu')).toHaveTextContent(INSERT_ALIAS_TEXT.empty);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'よそ' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByLabelText('メッセージ')).toHaveValue('');
  });

  it('inserting at the cursor keeps the rest of the text and clamps a cursor past the end', () => {
    expect(insertAtCursor('abc', 1, 2, 'X')).toEqual({ text: 'aXc', caret: 2 });
    expect(insertAtCursor('abc', 9, 9, 'X')).toEqual({ text: 'abcX', caret: 4 });
    expect(insertAtCursor('abc', 2, 1, 'X')).toEqual({ text: 'abXc', caret: 3 });
  });
});
