import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextArea } from './text-area';
import { TextBox } from './text-box';

function Box({ onEnter, maxLength }: { onEnter?: (value: string) => void; maxLength?: number }) {
  const [value, setValue] = useState('');
  return (
    <TextBox
      aria-label="名前"
      value={value}
      onChange={setValue}
      onEnter={onEnter}
      maxLength={maxLength}
    />
  );
}

function Area({ maxLength }: { maxLength?: number }) {
  const [value, setValue] = useState('');
  return <TextArea aria-label="本文" value={value} onChange={setValue} maxLength={maxLength} />;
}

describe('TextBox and TextArea', () => {
  it('UI-05 the text box counts the characters typed', async () => {
    const user = userEvent.setup();
    render(<Box />);
    const input = screen.getByRole('textbox', { name: '名前' });
    expect(input).toHaveAccessibleDescription('0文字');
    await user.type(input, 'つなぐ太郎');
    expect(input).toHaveAccessibleDescription('5文字');
  });

  it('UI-05 with a maximum the counter shows it and marks text that is too long', async () => {
    const user = userEvent.setup();
    render(<Box maxLength={4} />);
    const input = screen.getByRole('textbox', { name: '名前' });
    await user.type(input, 'さくら');
    expect(screen.getByText('3 / 4')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');
    await user.type(input, '店舗');
    // Never cut: the operator sees what is too much instead of losing it.
    expect(input).toHaveValue('さくら店舗');
    expect(input).toHaveAccessibleDescription(/5 \/ 4.*1文字超過/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('UI-05 the text area counts characters, line breaks included', async () => {
    const user = userEvent.setup();
    render(<Area maxLength={100} />);
    const area = screen.getByRole('textbox', { name: '本文' });
    await user.type(area, 'ご予約{Enter}ありがとう');
    expect(area).toHaveAccessibleDescription('9 / 100');
  });

  it('UI-06 Enter in the text box emits enter with the current text', async () => {
    const user = userEvent.setup();
    const onEnter = vi.fn();
    render(<Box onEnter={onEnter} />);
    await user.type(screen.getByRole('textbox', { name: '名前' }), '山田{Enter}');
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(onEnter).toHaveBeenCalledWith('山田');
  });

  it('UI-06 Enter with an enter handler does not also submit the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Box onEnter={() => {}} />
        <button type="submit">送信</button>
      </form>,
    );
    await user.type(screen.getByRole('textbox', { name: '名前' }), 'メモ{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('UI-07 Enter during IME composition does not emit enter', () => {
    const onEnter = vi.fn();
    render(<Box onEnter={onEnter} />);
    const input = screen.getByRole('textbox', { name: '名前' });

    // Typing やまだ and confirming the conversion 山田 with Enter (Chrome/Firefox order).
    fireEvent.compositionStart(input, { data: '' });
    fireEvent.change(input, { target: { value: 'やまだ' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229, isComposing: true });
    expect(onEnter).not.toHaveBeenCalled();
    // A browser that reports neither flag during composition is still caught by the events.
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, isComposing: false });
    expect(onEnter).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '山田' } });
    fireEvent.compositionEnd(input, { data: '山田' });

    // Safari fires the confirming keydown after compositionend, with keyCode 229.
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229, isComposing: false });
    expect(onEnter).not.toHaveBeenCalled();

    // The next, real Enter is an enter.
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(onEnter).toHaveBeenCalledWith('山田');
  });
});
