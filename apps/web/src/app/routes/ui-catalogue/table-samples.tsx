import { useMemo, useState } from 'react';
import { ListTable, type ListTableColumn, type RowId } from '@/ui/list-table';
import { CatalogueSection, Sample } from './sample';

type Course = {
  id: number;
  name: string;
  minutes: number;
  price: number;
  order: number;
  created_at: string;
};

const NAMES = ['カット', 'カラー', 'パーマ', 'ヘッドスパ', 'トリートメント', '縮毛矯正'];

function makeCourses(count: number): Course[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `${NAMES[index % NAMES.length]}${index >= NAMES.length ? ` ${index + 1}` : ''}`,
    minutes: 30 + ((index * 15) % 120),
    price: 3000 + ((index * 700) % 9000),
    order: index + 1,
    created_at: `2024-0${(index % 9) + 1}-1${index % 10}T10:00:00+09:00`,
  }));
}

const COLUMNS: ListTableColumn<Course>[] = [
  { key: 'name', header: 'コース名', sortable: true },
  {
    key: 'minutes',
    header: '所要時間',
    sortable: true,
    align: 'end',
    cell: (row) => `${row.minutes}分`,
  },
  {
    key: 'price',
    header: '料金',
    sortable: true,
    align: 'end',
    cell: (row) => `${row.price.toLocaleString('ja-JP')}円`,
  },
];

export function TableSamples() {
  const [rows, setRows] = useState(() => makeCourses(6));
  const [selected, setSelected] = useState<RowId[]>([]);
  const many = useMemo(() => makeCourses(5000), []);
  return (
    <CatalogueSection id="catalogue-tables" title="一覧テーブル">
      <Sample title="並び替え（ドラッグ・↑↓キー）と選択">
        <ListTable
          label="コース（並び替え）"
          rows={rows}
          columns={COLUMNS}
          draggable
          selectable
          selectedIds={selected}
          onSelectionChange={setSelected}
          onReorder={setRows}
          rowLabel={(row) => row.name}
        />
        <p className="ui-catalogue__event" data-testid="course-order">
          順番: {rows.map((row) => row.name).join(' → ')}
        </p>
        <p className="ui-catalogue__event">選択中: {selected.length}件</p>
      </Sample>
      <Sample title="複数列ソート（クライアント側）・デバッグ表示可（見出しを2秒以内に3回）">
        <ListTable
          label="コース（複数列ソート）"
          rows={rows}
          columns={COLUMNS}
          multiSort
          clientSort
          allowDebug
        />
      </Sample>
      <Sample title="データなし">
        <ListTable label="コース（空）" rows={[]} columns={COLUMNS} />
      </Sample>
      <Sample title="取得中（初回）">
        <ListTable label="コース（取得中）" rows={[]} columns={COLUMNS} loading />
      </Sample>
      <Sample title="読み込み中（再取得）">
        <ListTable label="コース（再読み込み）" rows={rows.slice(0, 2)} columns={COLUMNS} loading />
      </Sample>
      <Sample title="5,000行（仮想スクロール）">
        <ListTable
          label="コース（5,000行）"
          rows={many}
          columns={COLUMNS}
          clientSort
          selectable
          maxHeight={400}
        />
      </Sample>
    </CatalogueSection>
  );
}
