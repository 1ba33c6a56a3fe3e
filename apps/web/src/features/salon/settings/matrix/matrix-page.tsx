import type { Course, Resource } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { Loading } from '@/ui/loading';
import { useToast } from '@/ui/toast';
import { writeErrorText } from '../../utils/write-errors';
import { useCourses } from '../courses/courses-api';
import { useResources } from '../resources/resources-api';
import { MatrixGrid } from './matrix-grid';
import { cellKey, unlinkedCells, unlinksInput, useSaveUnlinks, useUnlinks } from './unlinks-api';

/** Which staff (and rooms) can do which course (RSV-37/38), saved as one PUT. */
export function MatrixLoader({ salonId, canWrite }: { salonId: number; canWrite: boolean }) {
  const resources = useResources(salonId);
  const courses = useCourses(salonId);
  const unlinks = useUnlinks(salonId);
  const failed = [resources, courses, unlinks].find((query) => query.isError);
  if (failed)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(failed.error)}
      </p>
    );
  if (!resources.data || !courses.data || !unlinks.data) return <Loading />;
  if (resources.data.length === 0 || courses.data.length === 0)
    return (
      <p className="notice notice--info">
        リソースとコースを登録すると、ここで組み合わせを設定できます。
      </p>
    );
  return (
    <MatrixEditor
      salonId={salonId}
      canWrite={canWrite}
      resources={resources.data}
      courses={courses.data}
      initial={unlinkedCells(unlinks.data.data)}
    />
  );
}

function MatrixEditor(props: {
  salonId: number;
  canWrite: boolean;
  resources: Resource[];
  courses: Course[];
  initial: string[];
}) {
  const { salonId, canWrite, resources, courses } = props;
  const toast = useToast();
  const save = useSaveUnlinks(salonId);
  const [saved, setSaved] = useState(props.initial);
  const [draft, setDraft] = useState(props.initial);
  const { dirty } = useUnsavedChanges(draft, saved);

  const toggle = (resourceId: number, courseId: number) => {
    const key = cellKey(resourceId, courseId);
    setDraft((cells) =>
      (cells.includes(key) ? cells.filter((cell) => cell !== key) : [...cells, key]).sort(),
    );
  };

  const submit = () =>
    save.mutate(
      unlinksInput(
        resources.map((resource) => resource.id),
        draft,
      ),
      {
        onSuccess: (answer) => {
          const stored = unlinkedCells(answer.data);
          setSaved(stored);
          setDraft(savedUnlessEdited(draft, stored));
          toast.success('対応コースを保存しました');
        },
        onError: (error) => toast.error(writeErrorText(error)),
      },
    );

  return (
    <>
      <MatrixGrid
        resources={resources}
        courses={courses}
        unlinked={new Set(draft)}
        canWrite={canWrite}
        onToggle={toggle}
      />
      {canWrite ? (
        <div className="form__actions salon-settings__save">
          {dirty ? <span className="text-muted">未保存の変更があります</span> : null}
          <button
            type="button"
            className="btn"
            disabled={!dirty || save.isPending}
            onClick={() => setDraft(saved)}
          >
            元に戻す
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!dirty || save.isPending}
            onClick={submit}
          >
            保存
          </button>
        </div>
      ) : null}
    </>
  );
}
