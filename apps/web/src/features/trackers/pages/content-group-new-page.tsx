import { CONTENT_GROUP_NAME_MAX } from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorText, isApiError } from '@/lib/api-error';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { FieldError } from '@/ui/field-error';
import { PageHeader } from '@/ui/page-header';
import { TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useContentGroups, useCreateContentGroup } from '../api/trackers-api';
import { trackerPaths } from '../paths';
import '../components/trackers.css';

/**
 * ContentGroupNew (`/line/content/group/new`, issue 29): a folder for trackers and landing
 * pages; the folders made so far are listed below, each opening its trackers.
 */
export function ContentGroupNewPage({ title }: { title: string }) {
  const [name, setName] = useState('');
  const create = useCreateContentGroup();
  const groups = useContentGroups();
  const toast = useToast();
  const nameId = useId();
  const errors = isApiError(create.error) ? create.error.fieldErrors : {};
  return (
    <section className="page content-group-page">
      <PageHeader
        title={title}
        lead="流入経路とランディングページを、キャンペーンや媒体ごとのフォルダに分けて整理できます。"
      />
      <form
        className="tracker-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { name },
            {
              onSuccess: (group) => {
                toast.success(`フォルダ「${group.name}」を作成しました`);
                setName(savedUnlessEdited(name, ''));
              },
            },
          );
        }}
      >
        {create.isError && !errors.name ? (
          <p className="notice notice--error" role="alert">
            {errorText(create.error)}
          </p>
        ) : null}
        <div className="form-field">
          <label htmlFor={nameId}>フォルダ名</label>
          <TextBox
            id={nameId}
            value={name}
            onChange={setName}
            maxLength={CONTENT_GROUP_NAME_MAX}
            aria-describedby={`${nameId}-error`}
            aria-invalid={errors.name ? true : undefined}
          />
          <FieldError id={`${nameId}-error`} messages={errors.name} />
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            作成する
          </button>
        </div>
      </form>
      <h2 className="form-section-title">フォルダ一覧</h2>
      {groups.data && groups.data.groups.length > 0 ? (
        <ul>
          {groups.data.groups.map((group) => (
            <li key={group.id}>
              <Link to={`${trackerPaths.list}?group=${group.id}`}>{group.name}</Link>（流入経路{' '}
              {group.tracker_count}件）
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">フォルダはまだありません</p>
      )}
    </section>
  );
}
