import {
  isIdText,
  MEMBER_QUERY_TEXT,
  type MemberQuery,
  type MemberQueryInput,
  type Tag,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useToast } from '@/ui/toast';
import { useCreateSegment, useSegment, useTagChoices, useUpdateSegment } from '../api/segments-api';
import { DeleteSegmentSection } from '../components/delete-segment-section';
import { SegmentForm } from '../components/segment-form';
import { SegmentMembers } from '../components/segment-members';
import { NEW_SEGMENT_ID, segmentPaths } from '../paths';
import '../components/segments.css';

type SegmentSettingPageProps = {
  title: string;
  /** The path's id: a segment id, or `new`. */
  id: string;
  canWrite: boolean;
};

/** A segment: its conditions with the live count, the friends it finds, and deleting it. */
export function SegmentSettingPage({ title, id, canWrite }: SegmentSettingPageProps) {
  const isNew = id === NEW_SEGMENT_ID;
  const segmentId = !isNew && isIdText(id) ? Number(id) : null;
  const tags = useTagChoices();
  const segment = useSegment(segmentId);
  const back = <Link to={segmentPaths.list}>セグメント一覧に戻る</Link>;

  let body;
  if ((!isNew && segmentId === null) || (isNew && !canWrite)) {
    body = (
      <Problem
        back={back}
        message={
          isNew ? 'セグメントの作成にはタグの編集権限が必要です' : MEMBER_QUERY_TEXT.notFound
        }
      />
    );
  } else if (tags.isPending || (segmentId !== null && segment.isPending)) {
    body = <Loading />;
  } else if (tags.isError || segment.isError) {
    body = <Problem back={back} message={errorText(tags.error ?? segment.error)} />;
  } else if (segment.data) {
    body = <EditSegment segment={segment.data} tags={tags.data.tags} canWrite={canWrite} />;
  } else {
    body = <NewSegment tags={tags.data.tags} />;
  }
  return (
    <section className="page segment-setting-page">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'セグメント', to: segmentPaths.list },
          { label: isNew ? '新規作成' : '編集' },
        ]}
      />
      {canWrite ? null : <ReadOnlyNotice what="セグメントの作成・変更" permission="tag-write" />}
      {body}
    </section>
  );
}

function Problem({ message, back }: { message: string; back: React.ReactNode }) {
  return (
    <>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      {back}
    </>
  );
}

function NewSegment({ tags }: { tags: readonly Tag[] }) {
  const create = useCreateSegment();
  const toast = useToast();
  const navigate = useNavigate();
  const [initial] = useState<MemberQueryInput>(() => ({
    name: '',
    match: 'all',
    // Starts with no condition: a blank tag row would block saving once another is added.
    conditions: [],
  }));
  return (
    <SegmentForm
      initial={initial}
      tags={tags}
      readOnly={false}
      busy={create.isPending}
      serverError={create.error}
      onSubmit={(input, saved) =>
        create.mutate(input, {
          onSuccess: ({ id }) => {
            saved();
            toast.success('セグメントを作成しました');
            navigate(segmentPaths.edit(id));
          },
        })
      }
    />
  );
}

function EditSegment(props: { segment: MemberQuery; tags: readonly Tag[]; canWrite: boolean }) {
  const { segment, tags, canWrite } = props;
  const update = useUpdateSegment();
  const toast = useToast();
  const [initial, setInitial] = useState<MemberQueryInput>(() => ({
    name: segment.name,
    match: segment.match,
    conditions: segment.conditions,
  }));
  return (
    <>
      <SegmentForm
        // A save makes what was saved the new starting point of the leave guard.
        key={JSON.stringify(initial)}
        initial={initial}
        tags={tags}
        readOnly={!canWrite}
        busy={update.isPending}
        serverError={update.error}
        onSubmit={(input, saved) =>
          update.mutate(
            { id: segment.id, input },
            {
              onSuccess: () => {
                saved();
                setInitial(input);
                toast.success('セグメントを保存しました');
              },
            },
          )
        }
      />
      <SegmentMembers id={segment.id} />
      {canWrite ? <DeleteSegmentSection segment={segment} /> : null}
    </>
  );
}
