import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListTable, type ListTableProps } from './list-table';
import type { SortEntry } from './sort-state';
import type { ListTableColumn } from './types';

type Course = {
  id: number;
  code: string;
  name: string;
  price: number;
  order: number;
  created_at: string;
};

const COURSES: Course[] = [
  {
    id: 1,
    code: 'C-cut',
    name: 'カット',
    price: 4000,
    order: 1,
    created_at: '2024-01-05T10:00:00+09:00',
  },
  {
    id: 2,
    code: 'C-color',
    name: 'カラー',
    price: 6000,
    order: 2,
    created_at: '2024-02-01T09:30:00+09:00',
  },
  {
    id: 3,
    code: 'C-perm',
    name: 'パーマ',
    price: 6000,
    order: 3,
    created_at: '2023-12-24T18:00:00+09:00',
  },
  {
    id: 4,
    code: 'C-spa',
    name: 'ヘッドスパ',
    price: 3000,
    order: 4,
    created_at: '2024-03-10T12:00:00+09:00',
  },
];

const COLUMNS: ListTableColumn<Course>[] = [
  { key: 'name', header: 'コース名', sortable: true },
  { key: 'price', header: '料金', sortable: true, align: 'end' },
  { key: 'code', header: 'コード' },
];

function Harness(props: Partial<ListTableProps<Course>>) {
  const [rows, setRows] = useState<Course[]>(COURSES);
  return (
    <ListTable
      label="コース一覧"
      columns={COLUMNS}
      {...props}
      rows={props.rows ?? rows}
      onReorder={(next) => {
        props.onReorder?.(next);
        setRows(next);
      }}
    />
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const column = (index: number) =>
  bodyRows().map((row) => within(row).getAllByRole('cell')[index]?.textContent);
const header = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('ListTable', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('UI-33 rows are identified by id unless idKey names another field', async () => {
    const user = userEvent.setup();
    const byId = vi.fn();
    const { unmount } = render(<Harness selectable onSelectionChange={byId} />);
    await user.click(screen.getByRole('checkbox', { name: 'ID 3 を選択' }));
    expect(byId).toHaveBeenLastCalledWith([3]);
    unmount();

    const byCode = vi.fn();
    render(<Harness selectable idKey="code" onSelectionChange={byCode} />);
    await user.click(screen.getByRole('checkbox', { name: 'ID C-perm を選択' }));
    expect(byCode).toHaveBeenLastCalledWith(['C-perm']);
  });

  it('UI-34 only sortable columns sort when their header is clicked', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(<Harness clientSort onSortChange={onSortChange} />);
    expect(screen.queryByRole('button', { name: /^コード/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('columnheader', { name: 'コード' }));
    expect(onSortChange).not.toHaveBeenCalled();
    expect(column(0)).toEqual(['カット', 'カラー', 'パーマ', 'ヘッドスパ']);
    expect(screen.getByRole('columnheader', { name: 'コード' })).not.toHaveAttribute('aria-sort');
  });

  it('UI-35 single sort cycles none → asc → desc → none, one column at a time', async () => {
    const user = userEvent.setup();
    render(<Harness clientSort />);
    const price = () => screen.getByRole('columnheader', { name: /^料金/ });
    expect(price()).toHaveAttribute('aria-sort', 'none');
    await user.click(header('料金'));
    expect(price()).toHaveAttribute('aria-sort', 'ascending');
    expect(column(1)).toEqual(['3000', '4000', '6000', '6000']);
    await user.click(header('料金'));
    expect(price()).toHaveAttribute('aria-sort', 'descending');
    expect(column(1)).toEqual(['6000', '6000', '4000', '3000']);
    await user.click(header('料金'));
    expect(price()).toHaveAttribute('aria-sort', 'none');
    expect(column(0)).toEqual(['カット', 'カラー', 'パーマ', 'ヘッドスパ']);

    await user.click(header('料金'));
    await user.click(header('コース名')); // replaces the price sort
    expect(price()).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /^コース名/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('UI-36 multiSort appends columns and numbers them by priority', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(<Harness clientSort multiSort onSortChange={onSortChange} />);
    await user.click(header('料金'));
    await user.click(header('料金')); // price desc stays first
    await user.click(header('コース名'));
    expect(onSortChange).toHaveBeenLastCalledWith([
      { key: 'price', order: 'desc' },
      { key: 'name', order: 'asc' },
    ]);
    expect(screen.getByTestId('sort-priority-price')).toHaveTextContent('1');
    expect(screen.getByTestId('sort-priority-name')).toHaveTextContent('2');
    expect(header('コース名')).toHaveAccessibleName(/昇順・優先順位2/);
    // Price first (6000, 6000, 4000, 3000), ties broken by name (カラー before パーマ).
    expect(column(0)).toEqual(['カラー', 'パーマ', 'カット', 'ヘッドスパ']);

    await user.click(header('料金')); // desc → removed; name becomes priority 1
    expect(onSortChange).toHaveBeenLastCalledWith([{ key: 'name', order: 'asc' }]);
    expect(screen.getByTestId('sort-priority-name')).toHaveTextContent('1');
  });

  it('UI-37 the sort state is a list of {key, order} entries, and can be controlled', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const sort: SortEntry[] = [{ key: 'price', order: 'desc' }];
    render(<Harness clientSort sort={sort} onSortChange={onSortChange} />);
    expect(column(1)).toEqual(['6000', '6000', '4000', '3000']);
    await user.click(header('料金'));
    expect(onSortChange).toHaveBeenCalledWith([]);
  });

  it('UI-38 with clientSort the table sorts; without it the rows stay as given', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(<Harness onSortChange={onSortChange} />);
    await user.click(header('料金'));
    expect(onSortChange).toHaveBeenCalledWith([{ key: 'price', order: 'asc' }]);
    expect(column(1)).toEqual(['4000', '6000', '6000', '3000']);
  });

  it('UI-39 rows can be selected one by one or all at once', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(<Harness selectable onSelectionChange={onSelectionChange} />);
    const all = screen.getByRole('checkbox', { name: 'すべて選択' });
    await user.click(screen.getByRole('checkbox', { name: 'ID 2 を選択' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([2]);
    expect(bodyRows()[1]).toHaveAttribute('aria-selected', 'true');
    expect(all).toHaveProperty('indeterminate', true);
    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith([1, 2, 3, 4]);
    expect(all).toBeChecked();
    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
  });

  it('UI-40 rows can be reordered with the handle; the new order is reported', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    render(<Harness draggable onReorder={onReorder} />);
    const handle = screen.getByRole('button', { name: 'ID 1 を並び替え（↑↓キーで移動）' });
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(onReorder).toHaveBeenLastCalledWith([COURSES[1], COURSES[0], COURSES[2], COURSES[3]]);
    expect(column(1)).toEqual(['カラー', 'カット', 'パーマ', 'ヘッドスパ']);
    expect(screen.getByText('2番目に移動しました')).toBeInTheDocument();
    await user.keyboard('{ArrowUp}{ArrowUp}'); // the second press is at the top already
    expect(onReorder).toHaveBeenCalledTimes(2);
    expect(column(1)).toEqual(['カット', 'カラー', 'パーマ', 'ヘッドスパ']);
  });

  it('UI-40 reordering is off while the rows are shown sorted', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    render(
      <Harness
        draggable
        clientSort
        sort={[{ key: 'price', order: 'asc' }]}
        onReorder={onReorder}
      />,
    );
    const handle = screen.getByRole('button', { name: 'ID 4 を並び替え（↑↓キーで移動）' });
    expect(handle).toHaveAttribute('aria-disabled', 'true');
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('UI-41 with no rows and not loading it shows 表示するデータがありません', () => {
    render(<Harness rows={[]} />);
    expect(screen.getByRole('cell', { name: '表示するデータがありません' })).toBeInTheDocument();
  });

  it('UI-42 while loading it shows 取得中... in place of rows, 読み込み中... over existing rows', () => {
    const { rerender } = render(<Harness rows={[]} loading />);
    expect(screen.getByText('取得中...')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('表示するデータがありません')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    rerender(<Harness rows={COURSES} loading />);
    expect(screen.getByText('読み込み中...')).toHaveAttribute('role', 'status');
    expect(bodyRows()).toHaveLength(4);
  });

  it('UI-43 three header clicks within 2 s toggle debug mode on, three more toggle it off', () => {
    vi.useFakeTimers();
    render(<Harness allowDebug />);
    const head = screen.getByRole('columnheader', { name: 'コード' });
    fireEvent.click(head);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(head);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(head); // third click exactly 2000 ms after the first
    expect(screen.getByRole('columnheader', { name: '順序' })).toBeInTheDocument();
    fireEvent.click(head);
    fireEvent.click(head);
    fireEvent.click(head);
    expect(screen.queryByRole('columnheader', { name: '順序' })).not.toBeInTheDocument();
  });

  it('UI-43 two clicks, or three spread over more than 2 s, change nothing', () => {
    vi.useFakeTimers();
    render(<Harness allowDebug />);
    const head = screen.getByRole('columnheader', { name: 'コード' });
    fireEvent.click(head);
    fireEvent.click(head);
    expect(screen.queryByRole('columnheader', { name: '順序' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2001));
    fireEvent.click(head); // the first two are now more than 2 s old
    expect(screen.queryByRole('columnheader', { name: '順序' })).not.toBeInTheDocument();
  });

  it('UI-44 without the allow flag header clicks never turn debug mode on', () => {
    vi.useFakeTimers();
    render(<Harness />);
    const head = screen.getByRole('columnheader', { name: 'コード' });
    for (let click = 0; click < 9; click += 1) fireEvent.click(head);
    expect(screen.queryByRole('columnheader', { name: '順序' })).not.toBeInTheDocument();
    expect(screen.queryByText(/デバッグ表示中/)).not.toBeInTheDocument();
  });

  it('UI-45 debug mode shows each row’s order and created date', () => {
    vi.useFakeTimers();
    render(<Harness allowDebug />);
    const head = screen.getByRole('columnheader', { name: 'コード' });
    fireEvent.click(head);
    fireEvent.click(head);
    fireEvent.click(head);
    expect(screen.getByRole('columnheader', { name: '作成日時' })).toBeInTheDocument();
    expect(screen.getByText(/デバッグ表示中/)).toBeInTheDocument();
    const spa = within(bodyRows()[3]!);
    expect(spa.getByText('4')).toBeInTheDocument();
    expect(spa.getByText('2024-03-10T12:00:00+09:00')).toBeInTheDocument();
  });

  it('5,000 rows are virtualised: only a window of rows is in the page', () => {
    const many: Course[] = Array.from({ length: 5000 }, (_, index) => ({
      id: index + 1,
      code: `C-${index + 1}`,
      name: `コース${index + 1}`,
      price: (index % 50) * 100,
      order: index + 1,
      created_at: '2024-01-01T00:00:00+09:00',
    }));
    // jsdom does no layout: give the scroll area the 600 px a browser would.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
    render(<Harness rows={many} selectable />);
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    const rendered = bodyRows().filter((row) => row.getAttribute('aria-hidden') !== 'true');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(60);
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');
  });
});
