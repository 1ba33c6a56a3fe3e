import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TimePicker, type TimePickerProps } from './time-picker';

function setup(props: Partial<TimePickerProps> & { initial?: string } = {}) {
  const { initial = '', ...rest } = props;
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <TimePicker
          label="開始時刻"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
          {...rest}
        />
        <button type="button">ほか</button>
      </>
    );
  }
  const user = userEvent.setup();
  render(<Harness />);
  const input = screen.getByRole('textbox', { name: '開始時刻' });
  const typeAndCommit = async (text: string) => {
    await user.clear(input);
    if (text) await user.type(input, text);
    await user.keyboard('{Enter}');
  };
  const openList = () => user.click(screen.getByRole('button', { name: '開始時刻の一覧を開く' }));
  return { user, input, onChange, typeAndCommit, openList };
}

describe('TimePicker', () => {
  it('UI-26 picking an hour and a minute gives HH:mm', async () => {
    const { onChange, openList, user, input } = setup();
    await openList();
    await user.click(within(screen.getByRole('listbox', { name: '時' })).getByText('09'));
    await user.click(within(screen.getByRole('listbox', { name: '分' })).getByText('30'));
    expect(onChange).toHaveBeenLastCalledWith('09:30');
    expect(input).toHaveValue('09:30');
  });

  it('UI-26 with seconds the value is HH:mm:ss', async () => {
    const { onChange, openList, user } = setup({ withSeconds: true });
    await openList();
    await user.click(within(screen.getByRole('listbox', { name: '時' })).getByText('18'));
    expect(onChange).toHaveBeenLastCalledWith('18:00:00');
  });

  it('UI-27 hours 0-23 with one or two digits; 24:00 is refused and the value kept', async () => {
    const { onChange, input, typeAndCommit } = setup();
    await typeAndCommit('9:30');
    expect(onChange).toHaveBeenLastCalledWith('09:30');
    await typeAndCommit('23:05');
    expect(onChange).toHaveBeenLastCalledWith('23:05');
    await typeAndCommit('24:00');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(input).toHaveValue('23:05');
    expect(screen.getByRole('alert')).toHaveTextContent('0:00〜23:59');
  });

  it('UI-28 minutes 00-59; 09:60 is refused', async () => {
    const { onChange, input, typeAndCommit } = setup({ initial: '08:00' });
    await typeAndCommit('09:59');
    expect(onChange).toHaveBeenLastCalledWith('09:59');
    await typeAndCommit('09:60');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue('09:59');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('UI-29 with seconds, typing 09:30 gives 09:30:00', async () => {
    const { onChange, input, typeAndCommit } = setup({ withSeconds: true });
    await typeAndCommit('09:30');
    expect(onChange).toHaveBeenLastCalledWith('09:30:00');
    expect(input).toHaveValue('09:30:00');
  });

  it('UI-30 a non-clearable picker emptied resets to 00:00', async () => {
    const { onChange, input, typeAndCommit } = setup({ initial: '10:15', clearable: false });
    await typeAndCommit('');
    expect(onChange).toHaveBeenLastCalledWith('00:00');
    expect(input).toHaveValue('00:00');
  });

  it('UI-30 … or 00:00:00 with seconds; a clearable one becomes empty', async () => {
    const first = setup({ initial: '10:15:00', clearable: false, withSeconds: true });
    await first.typeAndCommit('');
    expect(first.onChange).toHaveBeenLastCalledWith('00:00:00');
  });

  it('UI-30 a clearable picker emptied is empty', async () => {
    const { onChange, typeAndCommit } = setup({ initial: '10:15' });
    await typeAndCommit('');
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('UI-31 the list offers 24 hours and 60 minutes stepping by one', async () => {
    const { openList } = setup();
    await openList();
    const hours = within(screen.getByRole('listbox', { name: '時' })).getAllByRole('option');
    const minutes = within(screen.getByRole('listbox', { name: '分' })).getAllByRole('option');
    expect(hours.map((option) => option.textContent)).toEqual(
      Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')),
    );
    expect(minutes.map((option) => option.textContent)).toEqual(
      Array.from({ length: 60 }, (_, minute) => String(minute).padStart(2, '0')),
    );
  });

  it('UI-32 the list is 280 px high', async () => {
    const { openList } = setup();
    await openList();
    expect(screen.getByRole('group', { name: '開始時刻の一覧' })).toHaveStyle({ height: '280px' });
  });

  it('keyboard: arrows in the minute list change the minute, Escape closes', async () => {
    const { onChange, openList, user, input } = setup({ initial: '09:30' });
    await openList();
    const minutes = screen.getByRole('listbox', { name: '分' });
    minutes.focus();
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('09:31');
    await user.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith('09:00');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: '分' })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('the opened list takes focus (arrows work at once) and closes when focus leaves the picker', async () => {
    const { onChange, openList, user } = setup({ initial: '09:30' });
    await openList();
    expect(screen.getByRole('listbox', { name: '時' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('10:30');
    const next = screen.getByRole('button', { name: 'ほか' });
    while (document.activeElement !== next) await user.tab();
    expect(screen.queryByRole('listbox', { name: '時' })).not.toBeInTheDocument();
  });
});
