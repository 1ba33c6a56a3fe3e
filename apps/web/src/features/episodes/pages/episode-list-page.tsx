import { isEpisodeType, type Episode } from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { AUTOMATION_GUIDE } from '@/lib/automation-guide';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useToast } from '@/ui/toast';
import {
  useAttachEpisode,
  useEpisodes,
  useHideEpisode,
  useSalonEpisodes,
  useSalons,
  useSaveSteps,
  useStepChoices,
} from '../api/episodes-api';
import { CreateEpisodeForm } from '../components/create-episode-form';
import { EpisodeCard } from '../components/episode-card';
import { StepsDialog } from '../components/steps-dialog';
import '../components/episodes.css';

/**
 * A salon's step messages (issue 14, EPI-01..08, decision 0167): which episode (around each
 * reservation) and follow (after a follow or a visit) the salon runs, each one's steps in
 * words, create (then attach, EPI-05/06), edit steps, delete (kept, marked, EPI-08).
 * Writes need reserve-write.
 */
export function EpisodeListPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  const episodes = useEpisodes();
  const salons = useSalons();
  const choices = useStepChoices();
  const [chosenSalon, setChosenSalon] = useState<number | null>(null);
  const salonId = chosenSalon ?? salons.data?.[0]?.id ?? null;
  const attached = useSalonEpisodes(salonId);
  const header = (
    <>
      <PageHeader title={title} lead={AUTOMATION_GUIDE.episode} />
      {canWrite ? null : (
        <ReadOnlyNotice what="エピソードの作成・変更" permission="reserve-write" />
      )}
    </>
  );
  const failure = episodes.error ?? salons.error ?? choices.error;
  if (failure)
    return (
      <section className="page episode-page">
        {header}
        <p className="notice notice--error" role="alert">
          {errorText(failure)}
        </p>
      </section>
    );
  if (!episodes.data || !salons.data || !choices.data)
    return (
      <section className="page episode-page">
        {header}
        <Loading />
      </section>
    );
  return (
    <section className="page episode-page">
      {header}
      {salons.data.length > 1 ? (
        <label className="field">
          <span className="field__label">サロン</span>
          <select
            value={salonId ?? ''}
            onChange={(event) => setChosenSalon(Number(event.target.value))}
          >
            {salons.data.map((salon) => (
              <option key={salon.id} value={salon.id}>
                {salon.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {salonId !== null && attached.data ? (
        <AttachedPanel
          salonId={salonId}
          episodes={episodes.data}
          attached={attached.data}
          canWrite={canWrite}
        />
      ) : null}
      {canWrite ? <CreateEpisodeForm salonId={salonId} /> : null}
      <EpisodeSections
        episodes={episodes.data}
        templates={choices.data.templates}
        tags={choices.data.tags}
        canWrite={canWrite}
      />
    </section>
  );
}

/** EPI-05 / EPI-06: the salon's episode and follow, switched or detached. */
function AttachedPanel(props: {
  salonId: number;
  episodes: Episode[];
  attached: { episode_id: number | null; follow_id: number | null };
  canWrite: boolean;
}) {
  const attach = useAttachEpisode(props.salonId);
  const toast = useToast();
  const id = useId();
  const live = props.episodes.filter((episode) => episode.hid_at === null);
  const slot = (attr: 'episode_id' | 'follow_id', label: string, ofKind: Episode[]) => {
    const value = props.attached[attr];
    const current = props.episodes.find((episode) => episode.id === value);
    return props.canWrite ? (
      <label className="field">
        <span className="field__label">{label}</span>
        <select
          id={`${id}-${attr}`}
          value={value ?? ''}
          disabled={attach.isPending}
          onChange={(event) =>
            attach.mutate(
              { attr, value: Number(event.target.value) || null },
              {
                onSuccess: () => toast.success(`${label}を変更しました`),
                onError: (error) => toast.error(errorText(error)),
              },
            )
          }
        >
          <option value="">使わない</option>
          {ofKind.map((episode) => (
            <option key={episode.id} value={episode.id}>
              {episode.name}
            </option>
          ))}
        </select>
      </label>
    ) : (
      <p>
        {label}：{current?.name ?? '使わない'}
      </p>
    );
  };
  return (
    <section className="episode-attach" aria-label="このサロンで使うもの">
      {slot(
        'episode_id',
        'このサロンのエピソード',
        live.filter((e) => isEpisodeType(e.type)),
      )}
      {slot(
        'follow_id',
        'このサロンのフォロー',
        live.filter((e) => !isEpisodeType(e.type)),
      )}
    </section>
  );
}

function EpisodeSections(props: {
  episodes: Episode[];
  templates: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  canWrite: boolean;
}) {
  const saveSteps = useSaveSteps();
  const hide = useHideEpisode();
  const toast = useToast();
  const [editing, setEditing] = useState<Episode | null>(null);
  const [deleting, setDeleting] = useState<Episode | null>(null);
  const section = (label: string, list: Episode[]) => (
    <section className="episode-section" aria-label={label}>
      <h2>{label}</h2>
      {list.length === 0 ? (
        <p className="text-muted">まだありません</p>
      ) : (
        <ul className="episode-list">
          {list.map((episode) => (
            <EpisodeCard
              key={episode.id}
              episode={episode}
              templates={props.templates}
              canWrite={props.canWrite}
              onEditSteps={() => setEditing(episode)}
              onDelete={() => setDeleting(episode)}
            />
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <>
      {section(
        'エピソード（予約に合わせて配信）',
        props.episodes.filter((e) => isEpisodeType(e.type)),
      )}
      {section(
        'フォロー（友だち追加・来店後に配信）',
        props.episodes.filter((e) => !isEpisodeType(e.type)),
      )}
      {editing ? (
        <StepsDialog
          episode={editing}
          choices={{ templates: props.templates, tags: props.tags }}
          busy={saveSteps.isPending}
          error={saveSteps.error}
          onClose={() => {
            setEditing(null);
            saveSteps.reset();
          }}
          onSave={(steps) =>
            saveSteps.mutate(
              { id: editing.id, steps },
              {
                onSuccess: () => {
                  toast.success('ステップを保存しました');
                  setEditing(null);
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`「${deleting?.name ?? ''}」の削除`}
        message="削除すると、これからは送りません（送った記録は残ります）。"
        confirmLabel="削除する"
        busy={hide.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          hide.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`「${deleting.name}」を削除しました`);
              setDeleting(null);
            },
            onError: (error) => toast.error(errorText(error)),
          })
        }
      />
    </>
  );
}
