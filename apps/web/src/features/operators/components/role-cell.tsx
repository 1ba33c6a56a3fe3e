import { OPERATOR_MESSAGES, type OperatorRow } from '@tsunagu/contracts';
import { errorText } from '@/lib/api-error';
import { Select, type SelectOption } from '@/ui/select';
import { useToast } from '@/ui/toast';
import { useChangeRole } from '../api/operator-mutations';

/** The operator's role as a select: choosing another role changes it at once. */
export function RoleCell({
  operator,
  roles,
}: {
  operator: OperatorRow;
  roles: readonly SelectOption<number>[];
}) {
  const change = useChangeRole();
  const toast = useToast();
  return (
    <div className="operators__role">
      <Select
        label={`${operator.display_name}さんのロール`}
        options={roles}
        value={operator.role.id}
        loading={change.isPending}
        loadingText="変更中..."
        onChange={(roleId) =>
          change.mutate(
            { id: operator.id, roleId },
            {
              onSuccess: () => toast.success(OPERATOR_MESSAGES.roleChanged),
              // The last owner keeps the owner role (409): the message says why.
              onError: (error) => toast.error(errorText(error)),
            },
          )
        }
      />
    </div>
  );
}
