import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Select, type SelectOption, type SelectProps } from './select';
import { TYPE_AHEAD_RESET_MS } from './type-ahead';

const SHOPS: SelectOption<number>[] = [
  { value: 1, name: 'あおば店' },
  { value: 2, name: 'さくら店' },
  { value: 3, name: 'さつき店' },
  { value: 4, name: 'くるみ店' },
  { value: 5, name: 'すみれ店' },
];

function setup(props: Partial<SelectProps<number>> & { initial?: number | null } = {}) {
  const { initial = null, ...rest } = props;
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState<number | null>(initial);
    return (
      <Select
        label="店舗"
        options={SHOPS}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        {...rest}
      />
    );
  }
  render(<Harness />);
  const combobox = screen.getByRole('combobox', { name: '店舗' });
  return { combobox, onChange };
}

describe('Select', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('UI-08 shows an option by its name and reports its value', async () => {
    const user = userEvent.setup();
    const { combobox, onChange } = setup();
    await user.click(combobox);
    await user.click(screen.getByRole('option', { name: 'さつき店' }));
    expect(onChange).toHaveBeenCalledWith(3);
    expect(combobox).toHaveTextContent('さつき店');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('UI-09 DEC-01 with nothing selected it shows 選択してください', () => {
    const { combobox } = setup();
    expect(combobox).toHaveTextContent('選択してください');
  });

  it('UI-10 DEC-01 while loading it shows 読み込み中... and does not open', async () => {
    const user = userEvent.setup();
    const { combobox } = setup({ loading: true, initial: 2 });
    expect(combobox).toHaveTextContent('読み込み中...');
    expect(combobox).not.toHaveTextContent('さくら店');
    expect(combobox).toHaveAttribute('aria-busy', 'true');
    await user.click(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('UI-11 the dropdown is at most 300 px high', async () => {
    const user = userEvent.setup();
    const { combobox } = setup();
    await user.click(combobox);
    expect(screen.getByRole('listbox', { name: '店舗' })).toHaveStyle({ maxHeight: '300px' });
  });

  it('keyboard: arrows, Home/End, Enter choose; Escape closes without choosing', async () => {
    const user = userEvent.setup();
    const { combobox, onChange } = setup({ initial: 1 });
    combobox.focus();
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const active = () =>
      document.getElementById(combobox.getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('あおば店');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('さつき店');
    await user.keyboard('{End}');
    expect(active()).toHaveTextContent('すみれ店');
    await user.keyboard('{Home}{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(2);
    expect(combobox).toHaveTextContent('さくら店');
  });

  it('CONST-02 type-ahead keeps the typed prefix for 349 ms and forgets it at 350 ms', () => {
    vi.useFakeTimers();
    const { combobox, onChange } = setup();
    const type = (key: string) => fireEvent.keyDown(combobox, { key });
    const active = () =>
      document.getElementById(combobox.getAttribute('aria-activedescendant') ?? '');

    type('さ');
    expect(active()).toHaveTextContent('さくら店');
    act(() => vi.advanceTimersByTime(349));
    type('つ'); // "さつ" — still one search
    expect(active()).toHaveTextContent('さつき店');

    act(() => vi.advanceTimersByTime(350));
    type('く'); // a fresh search for "く", not "さつく"
    expect(active()).toHaveTextContent('くるみ店');

    act(() => vi.advanceTimersByTime(349));
    type('す'); // "くす" matches nothing: the active option stays
    expect(active()).toHaveTextContent('くるみ店');
    act(() => vi.advanceTimersByTime(350));
    type('す');
    expect(active()).toHaveTextContent('すみれ店');

    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(5);
  });

  it('CONST-02 repeating one letter cycles through the names that start with it', () => {
    vi.useFakeTimers();
    const { combobox } = setup();
    const active = () =>
      document.getElementById(combobox.getAttribute('aria-activedescendant') ?? '');
    fireEvent.keyDown(combobox, { key: 'さ' });
    expect(active()).toHaveTextContent('さくら店');
    fireEvent.keyDown(combobox, { key: 'さ' });
    expect(active()).toHaveTextContent('さつき店');
  });
});

describe('type-ahead constant', () => {
  it('CONST-02 the reset delay is 350 ms', () => {
    expect(TYPE_AHEAD_RESET_MS).toBe(350);
  });
});
