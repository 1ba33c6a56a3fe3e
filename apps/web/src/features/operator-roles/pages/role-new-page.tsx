import { ROLE_MESSAGES } from '@tsunagu/contracts';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useCreateRole } from '../api/create-role';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { RoleForm } from '../components/role-form';
import { rolePaths } from '../paths';

const EMPTY_ROLE = { name: '', permission_keys: [] };

export function RoleNewPage({ title, canManage }: { title: string; canManage: boolean }) {
  const creation = useCreateRole();
  const toast = useToast();
  const navigate = useNavigate();

  return (
    <section className="page">
      <PageHeader title={title} />
      <ReadOnlyNotice isOwnerRole={false} canManage={canManage} />
      <RoleForm
        initial={EMPTY_ROLE}
        readOnly={!canManage}
        busy={creation.isPending}
        serverError={creation.error}
        onSubmit={(input, saved) =>
          creation.mutate(input, {
            onSuccess: () => {
              saved();
              toast.success(ROLE_MESSAGES.created);
              navigate(rolePaths.list);
            },
          })
        }
      />
    </section>
  );
}
