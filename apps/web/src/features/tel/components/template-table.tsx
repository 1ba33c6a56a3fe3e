import type { TelTemplateListItem } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { telPaths } from '../paths';

const columns: readonly ListTableColumn<TelTemplateListItem>[] = [
  { key: 'id', header: 'ID' },
  {
    key: 'name',
    header: 'テンプレート名',
    // The detail screen: what the customer receives, edit and delete (issue 10).
    cell: (template) => <Link to={telPaths.templateDetail(template.id)}>{template.name}</Link>,
  },
  {
    key: 'created_at',
    header: '作成日時',
    cell: (template) => (
      <span className="tel-nowrap">{formatTokyoDateTime(template.created_at)}</span>
    ),
  },
];

/** TEL-63: id, name (a link to the template's detail), created date. */
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
