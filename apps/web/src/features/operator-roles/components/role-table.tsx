import { PERMISSION_LABELS, type Role } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { rolePaths } from '../paths';

const COLUMNS: ListTableColumn<Role>[] = [
  {
    key: 'name',
    header: 'ロール名',
    cell: (role) => (
      <>
        <Link to={rolePaths.edit(role.id)}>{role.name}</Link>
        {role.is_owner ? <span className="badge">オーナー</span> : null}
      </>
    ),
  },
  {
    key: 'permission_keys',
    header: '権限',
    cell: (role) =>
      role.permission_keys.length === 0 ? (
        <span className="text-muted">なし</span>
      ) : (
        <ul className="tag-list">
          {role.permission_keys.map((key) => (
            <li key={key} className="tag">
              {PERMISSION_LABELS[key]}
            </li>
          ))}
        </ul>
      ),
  },
  {
    key: 'operator_count',
    header: 'オペレーター数',
    align: 'end',
    cell: (role) => `${role.operator_count}人`,
  },
];

/** The shared list table (ADR 0030): its empty text and row identity come from the kit. */
export function RoleTable({ roles }: { roles: readonly Role[] }) {
  return (
    <ListTable label="ロール一覧" rows={roles} columns={COLUMNS} rowLabel={(role) => role.name} />
  );
}
