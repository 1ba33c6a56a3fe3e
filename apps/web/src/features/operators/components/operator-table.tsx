import type { OperatorRow } from '@tsunagu/contracts';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import type { SelectOption } from '@/ui/select';
import { RoleCell } from './role-cell';
import { RowActions } from './row-actions';

type OperatorTableProps = {
  operators: readonly OperatorRow[];
  roles: readonly SelectOption<number>[];
  selfId: number;
  canManage: boolean;
};

/** The account's operators; the owner changes roles and states in the rows themselves. */
export function OperatorTable({ operators, roles, selfId, canManage }: OperatorTableProps) {
  const columns: ListTableColumn<OperatorRow>[] = [
    {
      key: 'display_name',
      header: '名前',
      cell: (operator) => (
        <>
          {operator.display_name}
          {operator.id === selfId ? <span className="badge">あなた</span> : null}
        </>
      ),
    },
    { key: 'login_id', header: 'ログインID' },
    {
      key: 'role',
      header: 'ロール',
      cell: (operator) =>
        canManage ? <RoleCell operator={operator} roles={roles} /> : operator.role.name,
    },
    {
      key: 'active',
      header: '状態',
      cell: (operator) =>
        operator.active ? '有効' : <span className="operators__inactive">無効</span>,
    },
    {
      key: 'last_sign_in_at',
      header: '最終ログイン',
      cell: (operator) =>
        operator.last_sign_in_at ? (
          formatTokyoDateTime(operator.last_sign_in_at)
        ) : (
          <span className="text-muted">未ログイン</span>
        ),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: '操作',
      cell: (operator) => <RowActions operator={operator} isSelf={operator.id === selfId} />,
    });
  }
  return (
    <ListTable
      label="オペレーター一覧"
      rows={operators}
      columns={columns}
      rowLabel={(operator) => operator.display_name}
    />
  );
}
