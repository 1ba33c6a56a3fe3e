import { PERMISSION_LABELS, type Role } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { rolePaths } from '../paths';

export function RoleTable({ roles }: { roles: readonly Role[] }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">ロール名</th>
          <th scope="col">権限</th>
          <th scope="col" className="table__number">
            オペレーター数
          </th>
        </tr>
      </thead>
      <tbody>
        {roles.length === 0 ? (
          <tr>
            <td colSpan={3} className="table__empty">
              表示するデータがありません
            </td>
          </tr>
        ) : (
          roles.map((role) => (
            <tr key={role.id}>
              <td>
                <Link to={rolePaths.edit(role.id)}>{role.name}</Link>
                {role.is_owner ? <span className="badge">オーナー</span> : null}
              </td>
              <td>
                {role.permission_keys.length === 0 ? (
                  <span className="text-muted">なし</span>
                ) : (
                  <ul className="tag-list">
                    {role.permission_keys.map((key) => (
                      <li key={key} className="tag">
                        {PERMISSION_LABELS[key]}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="table__number">{role.operator_count}人</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
