import { ROLE_MESSAGES, type Role } from '@tsunagu/contracts';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useRole } from '../api/get-role';
import { useUpdateRole } from '../api/update-role';
import { DeleteRoleButton } from '../components/delete-role-button';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { RoleForm } from '../components/role-form';
import { rolePaths } from '../paths';

type RoleEditPageProps = { id: number; title: string; canManage: boolean };

export function RoleEditPage({ id, title, canManage }: RoleEditPageProps) {
  const role = useRole(id);
  return (
    <section className="page">
      <PageHeader title={title} />
      {role.isPending ? (
        <Loading />
      ) : role.isError ? (
        <>
          <p className="notice notice--error" role="alert">
            {isApiError(role.error) ? role.error.message : String(role.error)}
          </p>
          <Link to={rolePaths.list}>一覧に戻る</Link>
        </>
      ) : (
        // Keyed by id so moving to another role starts from that role's values.
        <EditRoleForm key={role.data.id} role={role.data} canManage={canManage} />
      )}
    </section>
  );
}

function EditRoleForm({ role, canManage }: { role: Role; canManage: boolean }) {
  const update = useUpdateRole();
  const toast = useToast();
  const navigate = useNavigate();
  const editable = canManage && !role.is_owner;

  return (
    <>
      <ReadOnlyNotice isOwnerRole={role.is_owner} canManage={canManage} />
      <RoleForm
        initial={{ name: role.name, permission_keys: role.permission_keys }}
        readOnly={!editable}
        busy={update.isPending}
        serverError={update.error}
        actions={editable ? <DeleteRoleButton id={role.id} name={role.name} /> : null}
        onSubmit={(input) =>
          update.mutate(
            { id: role.id, input },
            {
              onSuccess: () => {
                toast.success(ROLE_MESSAGES.updated);
                navigate(rolePaths.list);
              },
            },
          )
        }
      />
    </>
  );
}
