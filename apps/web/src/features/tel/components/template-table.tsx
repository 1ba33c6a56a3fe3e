import type { TelTemplateListItem } from '@tsunagu/contracts';
import { formatTokyoDateTime } from '../format';

/** TEL-63: id, name, created date. */
export function TemplateTable({ templates }: { templates: readonly TelTemplateListItem[] }) {
  return (
    <table className="table" aria-label="テンプレート一覧">
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">テンプレート名</th>
          <th scope="col">作成日時</th>
        </tr>
      </thead>
      <tbody>
        {templates.length === 0 ? (
          <tr>
            <td colSpan={3} className="table__empty">
              表示するデータがありません
            </td>
          </tr>
        ) : (
          templates.map((template) => (
            <tr key={template.id}>
              <td>{template.id}</td>
              <td>{template.name}</td>
              <td className="tel-nowrap">{formatTokyoDateTime(template.created_at)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
