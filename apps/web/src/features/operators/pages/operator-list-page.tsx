import { OPERATOR_MESSAGES } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useOperators, useRoleOptions } from '../api/get-operators';
import { useCreateOperator } from '../api/operator-mutations';
import { OPERATOR_FORM_TEXT, OperatorForm } from '../components/operator-form';
import { OperatorTable } from '../components/operator-table';
import '../components/operators.css';

export const READ_ONLY_TEXT = '閲覧のみです。オペレーターの追加・変更にはオーナー権限が必要です。';

type OperatorListPageProps = {
  title: string;
  /** The owner role manages operators (as it manages roles); others read. */
  canManage: boolean;
  /** The signed-in operator: no deactivating or resetting oneself. */
  selfId: number;
};

export function OperatorListPage({ title, canManage, selfId }: OperatorListPageProps) {
  const operators = useOperators();
  const roles = useRoleOptions();
  const creation = useCreateOperator();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, name: role.name }));

  return (
    <section className="page">
      <PageHeader
        title={title}
        actions={
          canManage && !adding ? (
            <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
              {OPERATOR_FORM_TEXT.heading}
            </button>
          ) : null
        }
      />
      {canManage ? null : <p className="notice notice--info">{READ_ONLY_TEXT}</p>}
      {adding ? (
        <div className="operators__panel">
          <OperatorForm
            roles={roleOptions}
            busy={creation.isPending}
            serverError={creation.error}
            onCancel={() => {
              creation.reset();
              setAdding(false);
            }}
            onSubmit={(input) =>
              creation.mutate(input, {
                onSuccess: () => {
                  toast.success(OPERATOR_MESSAGES.created);
                  setAdding(false);
                },
              })
            }
          />
        </div>
      ) : null}
      {operators.isPending ? (
        <Loading />
      ) : operators.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(operators.error)}
        </p>
      ) : (
        <OperatorTable
          operators={operators.data}
          roles={roleOptions}
          selfId={selfId}
          canManage={canManage}
        />
      )}
    </section>
  );
}
