import { TAG_TEXT, isIdText, type Tag, type TagGroup, type TagInput } from '@tsunagu/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useCreateTag, useTag, useTagList, useUpdateTag } from '../api/tags-api';
import { DeleteTagSection } from '../components/delete-tag-section';
import { TagForm } from '../components/tag-form';
import { NEW_TAG_ID, tagPaths } from '../paths';

type TagSettingPageProps = {
  title: string;
  /** The path's id: a tag id, or `new` (ADR 0123). */
  id: string;
  /** `?group=`: the group a new tag starts in (ignored when it is not one of the account's). */
  group: string | null;
};

/** TagSetting (ROUTE-09): create a tag, or rename it, move it to another group, delete it. */
export function TagSettingPage({ title, id, group }: TagSettingPageProps) {
  const isNew = id === NEW_TAG_ID;
  const tagId = !isNew && isIdText(id) ? Number(id) : null;
  const list = useTagList();
  const tag = useTag(tagId);
  const back = <Link to={tagPaths.list}>タグ一覧に戻る</Link>;

  let body;
  if (!isNew && tagId === null) {
    body = <NotFound back={back} message={TAG_TEXT.notFound} />;
  } else if (list.isPending || (tagId !== null && tag.isPending)) {
    body = <Loading />;
  } else if (list.isError || tag.isError) {
    body = <NotFound back={back} message={errorText(list.error ?? tag.error)} />;
  } else if (tag.data) {
    body = <EditTag key={tag.data.id} tag={tag.data} groups={list.data.groups} />;
  } else {
    const groupId = group && isIdText(group) ? Number(group) : null;
    const known = list.data.groups.some((each) => each.id === groupId);
    body = <NewTag groups={list.data.groups} groupId={known ? groupId : null} />;
  }
  return (
    <section className="page tag-setting-page">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'タグ管理', to: tagPaths.list },
          { label: isNew ? '新規作成' : '編集' },
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

function NewTag({ groups, groupId }: { groups: readonly TagGroup[]; groupId: number | null }) {
  const create = useCreateTag();
  const toast = useToast();
  const navigate = useNavigate();
  const [initial] = useState<TagInput>(() => ({ name: '', group_id: groupId }));
  return (
    <TagForm
      initial={initial}
      groups={groups}
      busy={create.isPending}
      serverError={create.error}
      onSubmit={(input, saved) =>
        create.mutate(input, {
          onSuccess: () => {
            saved();
            toast.success('タグを作成しました');
            navigate(tagPaths.list);
          },
        })
      }
    />
  );
}

function EditTag({ tag, groups }: { tag: Tag; groups: readonly TagGroup[] }) {
  const update = useUpdateTag();
  const toast = useToast();
  const navigate = useNavigate();
  const [initial] = useState<TagInput>(() => ({ name: tag.name, group_id: tag.group_id }));
  return (
    <>
      <p className="text-muted">
        このタグが付いている友だち：{tag.friend_count.toLocaleString('ja-JP')}人
      </p>
      <TagForm
        initial={initial}
        groups={groups}
        busy={update.isPending}
        serverError={update.error}
        onSubmit={(input, saved) =>
          update.mutate(
            { id: tag.id, input },
            {
              onSuccess: () => {
                saved();
                toast.success('タグを保存しました');
                navigate(tagPaths.list);
              },
            },
          )
        }
      />
      <DeleteTagSection tag={tag} />
    </>
  );
}
