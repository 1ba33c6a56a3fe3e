import { Link } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useRoles } from '../api/get-roles';
import { RoleTable } from '../components/role-table';
import { rolePaths } from '../paths';

export function RoleListPage({ title, canManage }: { title: string; canManage: boolean }) {
  const roles = useRoles();
  return (
    <section className="page">
      <PageHeader
        title={title}
        actions={
          canManage ? (
            <Link to={rolePaths.create} className="btn btn--primary">
              新規作成
            </Link>
          ) : null
        }
      />
      {roles.isPending ? (
        <Loading />
      ) : roles.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(roles.error)}
        </p>
      ) : (
        <RoleTable roles={roles.data} />
      )}
    </section>
  );
}
