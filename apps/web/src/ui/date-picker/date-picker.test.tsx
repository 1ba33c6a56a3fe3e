import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SATURDAY_COLOR, SUNDAY_COLOR } from './calendar';
import { DatePicker, type DatePickerProps } from './date-picker';

type HarnessProps = Partial<DatePickerProps> & { initial?: string };

function setup(props: HarnessProps = {}) {
  const { initial = '', ...rest } = props;
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <DatePicker
          label="予約日"
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
  const input = screen.getByRole('textbox', { name: '予約日' });
  const typeAndCommit = async (text: string) => {
    await user.clear(input);
    if (text) await user.type(input, text);
    await user.keyboard('{Enter}');
  };
  const openCalendar = () =>
    user.click(screen.getByRole('button', { name: '予約日のカレンダーを開く' }));
  return { user, input, onChange, typeAndCommit, openCalendar };
}

const grid = () => screen.getByRole('grid');
const day = (label: string) => screen.getByRole('button', { name: label });

describe('DatePicker', () => {
  it('UI-12 picking a day reports a yyyy-MM-dd value', async () => {
    const { onChange, openCalendar, user } = setup({ initial: '2024-05-01' });
    await openCalendar();
    await user.click(day('2024年5月15日(水)'));
    expect(onChange).toHaveBeenLastCalledWith('2024-05-15');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('UI-13 typing 2024年5月1日 gives 2024-05-01', async () => {
    const { onChange, input, typeAndCommit } = setup();
    await typeAndCommit('2024年5月1日');
    expect(onChange).toHaveBeenLastCalledWith('2024-05-01');
    expect(input).toHaveValue('2024/05/01');
  });

  it('UI-14 typing 2024年5月1日(水) gives 2024-05-01; a wrong weekday is refused', async () => {
    const { onChange, input, typeAndCommit } = setup();
    await typeAndCommit('2024年5月1日(水)');
    expect(onChange).toHaveBeenLastCalledWith('2024-05-01');
    await typeAndCommit('2024年5月2日(水)');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('曜日が日付と合っていません');
    expect(input).toHaveValue('2024/05/01');
  });

  it('UI-15 typing 2024/5/1 and 2024/05/01 is accepted', async () => {
    const { onChange, typeAndCommit } = setup();
    await typeAndCommit('2024/5/1');
    expect(onChange).toHaveBeenLastCalledWith('2024-05-01');
    await typeAndCommit('2024/05/02');
    expect(onChange).toHaveBeenLastCalledWith('2024-05-02');
  });

  it('UI-16 typing 2024-5-1 is accepted, also on leaving the field', async () => {
    const { onChange, input, user } = setup();
    await user.type(input, '2024-5-1');
    await user.click(screen.getByRole('button', { name: 'ほか' }));
    expect(onChange).toHaveBeenLastCalledWith('2024-05-01');
    expect(input).toHaveValue('2024/05/01');
  });

  it('an impossible date (2月30日) is refused with a visible hint and the previous value kept', async () => {
    const { onChange, input, typeAndCommit } = setup({ initial: '2024-02-01' });
    await typeAndCommit('2024年2月30日');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('存在しない日付です');
    expect(input).toHaveValue('2024/02/01');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/存在しない日付です/);
    // A good date afterwards clears the hint.
    await typeAndCommit('2024/2/29');
    expect(onChange).toHaveBeenLastCalledWith('2024-02-29');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('text that is not a date is refused with the accepted forms shown', async () => {
    const { onChange, typeAndCommit } = setup({ initial: '2024-05-01' });
    await typeAndCommit('あした');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('2024年5月1日');
  });

  it('UI-17 days before min cannot be picked or typed', async () => {
    const { onChange, openCalendar, typeAndCommit, input } = setup({
      initial: '2024-05-20',
      min: '2024-05-10',
    });
    await openCalendar();
    expect(day('2024年5月9日(木)')).toBeDisabled();
    expect(day('2024年5月10日(金)')).toBeEnabled();
    expect(screen.getByRole('button', { name: '前の月' })).toBeDisabled();
    await typeAndCommit('2024/5/9');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('2024/05/10 以降');
    expect(input).toHaveValue('2024/05/20');
  });

  it('UI-18 days after max cannot be picked or typed', async () => {
    const { onChange, openCalendar, typeAndCommit } = setup({
      initial: '2024-05-20',
      max: '2024-05-25',
    });
    await openCalendar();
    expect(day('2024年5月26日(日)')).toBeDisabled();
    expect(day('2024年5月25日(土)')).toBeEnabled();
    expect(screen.getByRole('button', { name: '次の月' })).toBeDisabled();
    await typeAndCommit('2024/5/26');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('2024/05/25 以前');
  });

  it('UI-19 clearing is ignored when not clearable', async () => {
    const { onChange, input, typeAndCommit } = setup({ initial: '2024-05-01', clearable: false });
    expect(screen.queryByRole('button', { name: '予約日をクリア' })).not.toBeInTheDocument();
    await typeAndCommit('');
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveValue('2024/05/01');
  });

  it('UI-19 a clearable picker does clear', async () => {
    const { onChange, input, user } = setup({ initial: '2024-05-01' });
    await user.click(screen.getByRole('button', { name: '予約日をクリア' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('');
  });

  it('UI-20 clearing is ignored when disabled', async () => {
    const { onChange, input, user } = setup({ initial: '2024-05-01', disabled: true });
    const clear = screen.getByRole('button', { name: '予約日をクリア' });
    expect(clear).toBeDisabled();
    await user.click(clear);
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toBeDisabled();
    expect(input).toHaveValue('2024/05/01');
    expect(screen.getByRole('button', { name: '予約日のカレンダーを開く' })).toBeDisabled();
  });

  it('UI-21 the value is shown as yyyy/MM/dd unless another format is asked for', () => {
    setup({ initial: '2024-05-01' });
    expect(screen.getByRole('textbox', { name: '予約日' })).toHaveValue('2024/05/01');
  });

  it('UI-21 a caller-given display format is used instead', () => {
    render(
      <DatePicker
        label="日付"
        value="2024-05-01"
        onChange={() => {}}
        displayFormat="yyyy年M月d日(E)"
      />,
    );
    expect(screen.getByRole('textbox', { name: '日付' })).toHaveValue('2024年5月1日(水)');
  });

  it('UI-22 weeks start on Sunday', async () => {
    const { openCalendar } = setup({ initial: '2024-05-01' });
    await openCalendar();
    const headers = within(grid()).getAllByRole('columnheader');
    expect(headers[0]).toHaveTextContent('日');
    const firstRow = within(grid()).getAllByRole('row')[1]!;
    // May 2024 begins on a Wednesday: the first cell is Sunday 28 April.
    expect(within(firstRow).getAllByRole('button')[0]).toHaveAccessibleName('2024年4月28日(日)');
  });

  it('UI-23 Sundays are red and Saturdays blue', async () => {
    const { openCalendar } = setup({ initial: '2024-05-01' });
    await openCalendar();
    expect(day('2024年5月5日(日)')).toHaveStyle({ color: SUNDAY_COLOR });
    expect(day('2024年5月11日(土)')).toHaveStyle({ color: SATURDAY_COLOR });
    expect(day('2024年5月8日(水)').style.color).toBe('');
    const headers = within(grid()).getAllByRole('columnheader');
    expect(headers[0]).toHaveStyle({ color: SUNDAY_COLOR });
    expect(headers[6]).toHaveStyle({ color: SATURDAY_COLOR });
  });

  it('UI-24 the calendar speaks Japanese', async () => {
    const { openCalendar } = setup({ initial: '2024-05-01' });
    await openCalendar();
    expect(screen.getByText('2024年5月')).toBeInTheDocument();
    const names = within(grid())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(names).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    expect(screen.getByRole('dialog', { name: '予約日のカレンダー' })).toBeInTheDocument();
  });

  it('UI-25 every month shows six weeks (February 2015 included)', async () => {
    const { openCalendar } = setup({ initial: '2015-02-10' });
    await openCalendar();
    // February 2015: starts on Sunday and has 28 days, four weeks of its own.
    expect(within(grid()).getAllByRole('row')).toHaveLength(7); // header + 6 weeks
    expect(within(grid()).getAllByRole('gridcell')).toHaveLength(42);
    expect(day('2015年3月14日(土)')).toBeInTheDocument();
  });

  it('keyboard: arrows move the day, PageDown the month, Enter picks, Escape closes', async () => {
    const { onChange, openCalendar, user, input } = setup({ initial: '2024-05-31' });
    await openCalendar();
    expect(day('2024年5月31日(金)')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('2024年6月')).toBeInTheDocument();
    expect(day('2024年6月1日(土)')).toHaveFocus();
    await user.keyboard('{ArrowDown}{PageDown}');
    expect(day('2024年7月8日(月)')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2024-07-08');
    expect(input).toHaveFocus();

    await openCalendar();
    await user.keyboard('{ArrowLeft}{Escape}');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input).toHaveFocus();
  });

  it('the calendar closes when focus leaves the picker (Tab to the next field)', async () => {
    const { openCalendar, user, onChange } = setup({ initial: '2024-05-31' });
    await openCalendar();
    expect(grid()).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'ほか' });
    while (document.activeElement !== next) await user.tab();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
