import type { TelTemplateListItem } from '@tsunagu/contracts';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { formatTokyoDateTime } from '../format';

const columns: readonly ListTableColumn<TelTemplateListItem>[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'テンプレート名' },
  {
    key: 'created_at',
    header: '作成日時',
    cell: (template) => (
      <span className="tel-nowrap">{formatTokyoDateTime(template.created_at)}</span>
    ),
  },
];

/** TEL-63: id, name, created date. */
export function TemplateTable({
  templates,
  loading,
}: {
  templates: readonly TelTemplateListItem[];
  loading: boolean;
}) {
  return (
    <ListTable label="テンプレート一覧" rows={templates} columns={columns} loading={loading} />
  );
}
