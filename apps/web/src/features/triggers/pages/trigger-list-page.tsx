import type { Trigger, TriggerAction } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText, refusalText } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { AUTOMATION_GUIDE } from '@/lib/automation-guide';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useToast } from '@/ui/toast';
import { useTargetChoices } from '../api/target-choices';
import {
  useDeleteAction,
  useDeleteTrigger,
  useSaveAction,
  useSaveTrigger,
  useSetActionState,
  useTriggers,
} from '../api/triggers-api';
import { ActionDialog } from '../components/action-dialog';
import { ApiKeysSection } from '../components/api-keys-section';
import { EventLogSection } from '../components/event-log-section';
import { TriggerCard } from '../components/trigger-card';
import { TriggerDialog } from '../components/trigger-dialog';
import { UsageHint } from '../components/usage-hint';
import '../components/triggers.css';

type Editing =
  | { kind: 'trigger'; trigger: Trigger | null }
  | { kind: 'action'; trigger: Trigger; action: TriggerAction | null };
type Deleting =
  | { kind: 'trigger'; trigger: Trigger }
  | { kind: 'action'; trigger: Trigger; action: TriggerAction };

/**
 * Triggers and the open API (issue 14, TRG-01..11, decision 0170): each trigger with its
 * actions (with funnel-write: create, edit, switch, delete), the owner's API keys, and the
 * events received. Failures show the server's reason, or 不明なエラー for a server fault (§8).
 */
export function TriggerListPage(props: { title: string; canWrite: boolean; isOwner: boolean }) {
  const { title, canWrite, isOwner } = props;
  const triggers = useTriggers();
  const choices = useTargetChoices();
  const saveTrigger = useSaveTrigger();
  const saveAction = useSaveAction();
  const setState = useSetActionState();
  const deleteTrigger = useDeleteTrigger();
  const deleteAction = useDeleteAction();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  const close = () => {
    setEditing(null);
    saveTrigger.reset();
    saveAction.reset();
  };

  return (
    <section className="page trigger-list-page">
      <PageHeader
        title={title}
        lead={AUTOMATION_GUIDE.trigger}
        actions={
          canWrite ? (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => setEditing({ kind: 'trigger', trigger: null })}
            >
              トリガーを作成
            </button>
          ) : null
        }
      />
      {canWrite ? null : <ReadOnlyNotice what="トリガーの作成・変更" permission="funnel-write" />}
      <UsageHint />
      {choices.isError ? (
        <p className="notice notice--error" role="alert">
          アクションの対象（ジャーニー・テンプレート・タグ・セグメント）を読み込めませんでした：
          {errorText(choices.error)}
        </p>
      ) : null}
      {triggers.isPending ? (
        <Loading />
      ) : triggers.isError ? (
        <p className="notice notice--error" role="alert">
          {refusalText(triggers.error)}
        </p>
      ) : triggers.data.length === 0 ? (
        <p className="text-muted">トリガーはまだありません</p>
      ) : (
        triggers.data.map((trigger) => (
          <TriggerCard
            key={trigger.id}
            trigger={trigger}
            choices={choices.data}
            canWrite={canWrite}
            switching={setState.isPending ? (setState.variables?.id ?? null) : null}
            onEdit={() => setEditing({ kind: 'trigger', trigger })}
            onDelete={() => setDeleting({ kind: 'trigger', trigger })}
            onAddAction={() => setEditing({ kind: 'action', trigger, action: null })}
            onEditAction={(action) => setEditing({ kind: 'action', trigger, action })}
            onDeleteAction={(action) => setDeleting({ kind: 'action', trigger, action })}
            onSwitch={(action, active) =>
              setState.mutate(
                { triggerId: trigger.id, id: action.id, active },
                {
                  onSuccess: (saved) =>
                    toast.success(
                      `「${saved.name}」を${saved.is_active ? '有効' : '無効'}にしました`,
                    ),
                  onError: (error) => toast.error(refusalText(error)),
                },
              )
            }
          />
        ))
      )}
      {isOwner ? <ApiKeysSection /> : null}
      <EventLogSection />

      {editing?.kind === 'trigger' ? (
        <TriggerDialog
          trigger={editing.trigger}
          busy={saveTrigger.isPending}
          error={saveTrigger.error}
          onClose={close}
          onSave={(input) =>
            saveTrigger.mutate(
              { id: editing.trigger?.id ?? null, input },
              {
                onSuccess: () => {
                  toast.success(
                    editing.trigger ? 'トリガーを保存しました' : 'トリガーを作成しました',
                  );
                  close();
                },
              },
            )
          }
        />
      ) : null}
      {editing?.kind === 'action' ? (
        choices.data ? (
          <ActionDialog
            action={editing.action}
            choices={choices.data}
            busy={saveAction.isPending}
            error={saveAction.error}
            onClose={close}
            onSave={(input) =>
              saveAction.mutate(
                { triggerId: editing.trigger.id, id: editing.action?.id ?? null, input },
                {
                  onSuccess: () => {
                    toast.success('アクションを保存しました');
                    close();
                  },
                },
              )
            }
          />
        ) : null
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting?.kind === 'action'
            ? `「${deleting.action.name}」の削除`
            : `「${deleting?.trigger.name ?? ''}」の削除`
        }
        message={
          deleting?.kind === 'action'
            ? 'このアクションを削除します。'
            : 'トリガーとそのアクションをすべて削除します。このイベントが届いても何も実行されなくなります。'
        }
        confirmLabel="削除する"
        busy={deleteTrigger.isPending || deleteAction.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const done = {
            onSuccess: () => {
              toast.success('削除しました');
              setDeleting(null);
            },
            onError: (error: unknown) => toast.error(refusalText(error)),
          };
          if (deleting.kind === 'action')
            deleteAction.mutate({ triggerId: deleting.trigger.id, id: deleting.action.id }, done);
          else deleteTrigger.mutate(deleting.trigger.id, done);
        }}
      />
    </section>
  );
}
