import {
  COMMON_VAR_NAME_MAX,
  COMMON_VAR_TEXT,
  isIdText,
  type CommonVarItem,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import {
  useCommonVar,
  useCommonVars,
  useCreateCommonVar,
  useUpdateCommonVar,
} from '../api/common-vars-api';
import { CommonVarForm, type CommonVarFormValues } from '../components/common-var-form';
import { commonVarPaths } from '../paths';
import '../components/common-vars.css';

type CommonVarSettingPageProps = {
  title: string;
  /** Edit: the item's id from the path. New: null. */
  id: string | null;
  /** New: `?copy=` — the item to start from (ROUTE-27); ignored when it is not one. */
  copy: string | null;
};

const EMPTY: CommonVarFormValues = { name: '', type: 'text', code: '', value: '', group_id: null };

/** The copy of an item: its type, value and folder, 「…のコピー」, and a code to choose anew. */
function copyOf(item: CommonVarItem): CommonVarFormValues {
  return {
    name: `${item.name}${COMMON_VAR_TEXT.copySuffix}`.slice(0, COMMON_VAR_NAME_MAX),
    type: item.type,
    code: '',
    value: item.value,
    group_id: item.group_id,
  };
}

/** CommonVarNew (`?copy=`) and CommonVarEdit (ROUTE-25..27): one item's form. */
export function CommonVarSettingPage({ title, id, copy }: CommonVarSettingPageProps) {
  const editId = id !== null && isIdText(id) ? Number(id) : null;
  const copyId = id === null && copy !== null && isIdText(copy) ? Number(copy) : null;
  const list = useCommonVars();
  const item = useCommonVar(editId ?? copyId);
  const back = <Link to={commonVarPaths.list}>共通情報一覧に戻る</Link>;

  let body;
  if (id !== null && editId === null) {
    body = <NotFound back={back} message={COMMON_VAR_TEXT.notFound} />;
  } else if (list.isPending || ((editId ?? copyId) !== null && item.isPending)) {
    body = <Loading />;
  } else if (list.isError || (editId !== null && item.isError)) {
    body = <NotFound back={back} message={errorText(list.error ?? item.error)} />;
  } else {
    const folders = list.data.groups.filter(
      (group): group is typeof group & { id: number } => group.id !== 'fav',
    );
    body =
      editId !== null && item.data ? (
        <EditCommonVar key={item.data.id} item={item.data} groups={folders} />
      ) : (
        // A copy of an item that is gone starts empty rather than failing.
        <NewCommonVar initial={item.data ? copyOf(item.data) : EMPTY} groups={folders} />
      );
  }
  return (
    <section className="page common-var-setting-page">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: '共通情報一覧', to: commonVarPaths.list },
          { label: editId !== null ? '編集' : copyId !== null ? 'コピーして作成' : '新規作成' },
        ]}
      />
      {body}
    </section>
  );
}

function NotFound({ message, back }: { message: string; back: React.ReactNode }) {
  return (
    <>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      {back}
    </>
  );
}

type Folders = readonly { id: number; name: string }[];

function NewCommonVar({ initial, groups }: { initial: CommonVarFormValues; groups: Folders }) {
  const create = useCreateCommonVar();
  const toast = useToast();
  const navigate = useNavigate();
  const [start] = useState(initial);
  return (
    <CommonVarForm
      initial={start}
      groups={groups}
      busy={create.isPending}
      serverError={create.error}
      onSubmit={(input, saved) =>
        create.mutate(input, {
          onSuccess: () => {
            saved();
            toast.success('共通情報を作成しました');
            navigate(commonVarPaths.list);
          },
        })
      }
    />
  );
}

function EditCommonVar({ item, groups }: { item: CommonVarItem; groups: Folders }) {
  const update = useUpdateCommonVar();
  const toast = useToast();
  const navigate = useNavigate();
  const [initial] = useState<CommonVarFormValues>(() => ({
    name: item.name,
    type: item.type,
    code: item.code,
    value: item.value,
    group_id: item.group_id,
  }));
  return (
    <CommonVarForm
      initial={initial}
      groups={groups}
      busy={update.isPending}
      serverError={update.error}
      onSubmit={(input, saved) =>
        update.mutate(
          { id: item.id, input },
          {
            onSuccess: () => {
              saved();
              toast.success('共通情報を保存しました');
              navigate(commonVarPaths.list);
            },
          },
        )
      }
    />
  );
}
