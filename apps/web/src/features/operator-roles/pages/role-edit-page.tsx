import { ROLE_MESSAGES, type Role } from '@tsunagu/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useRole } from '../api/get-role';
import { useUpdateRole } from '../api/update-role';
import { DeleteRoleSection } from '../components/delete-role-section';
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
            {errorText(role.error)}
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
  // One object for the role's lifetime: the form compares its values with it (REF-17).
  const [initial] = useState(() => ({ name: role.name, permission_keys: role.permission_keys }));

  return (
    <>
      <ReadOnlyNotice isOwnerRole={role.is_owner} canManage={canManage} />
      <RoleForm
        initial={initial}
        readOnly={!editable}
        busy={update.isPending}
        serverError={update.error}
        onSubmit={(input, saved) =>
          update.mutate(
            { id: role.id, input },
            {
              onSuccess: () => {
                saved();
                toast.success(ROLE_MESSAGES.updated);
                navigate(rolePaths.list);
              },
            },
          )
        }
      />
      {/* Apart from 保存, so a slip of the finger cannot reach it (ADR 0064). */}
      {editable ? <DeleteRoleSection role={role} /> : null}
    </>
  );
}
