import { openApiKeyInputSchema, type OpenApiKey, type OpenApiKeyCreated } from '@tsunagu/contracts';
import { useState } from 'react';
import { copyText } from '@/lib/clipboard';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog, Dialog, NameDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { useToast } from '@/ui/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/triggers-api';
import { formatTokyoDateTime } from '@/lib/tokyo-time';

/**
 * The owner's API keys (decision 0170): issued with a name, the secret shown once in a dialog
 * to copy, revoked with a confirmation; revoked keys stay listed, marked.
 */
export function ApiKeysSection() {
  const keys = useApiKeys(true);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const toast = useToast();
  const [naming, setNaming] = useState(false);
  const [issued, setIssued] = useState<OpenApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<OpenApiKey | null>(null);

  return (
    <section className="trigger-section" aria-labelledby="api-keys-title">
      <div className="trigger-section__header">
        <h2 id="api-keys-title">APIキー</h2>
        <button type="button" className="btn" onClick={() => setNaming(true)}>
          APIキーを発行
        </button>
      </div>
      <p className="text-muted">
        外部システムからイベントを送るためのキーです。キーの値は発行したときに一度だけ表示されます。
      </p>
      {keys.isPending ? (
        <Loading />
      ) : keys.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(keys.error)}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="text-muted">APIキーはまだありません</p>
      ) : (
        <ul className="api-keys">
          {keys.data.map((key) => (
            <li key={key.id} className={`api-key${key.revoked_at ? ' api-key--revoked' : ''}`}>
              <span className="api-key__name">{key.name}</span>
              <code>{key.prefix}…</code>
              <span className="text-muted">
                {key.revoked_at
                  ? `無効（${formatTokyoDateTime(key.revoked_at)}）`
                  : key.last_used_at
                    ? `最終利用 ${formatTokyoDateTime(key.last_used_at)}`
                    : '未使用'}
              </span>
              {key.revoked_at ? null : (
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  aria-label={`「${key.name}」を無効にする`}
                  onClick={() => setRevoking(key)}
                >
                  無効にする
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {naming ? (
        <NameDialog
          title="APIキーの発行"
          label="キーの名前（どのシステムで使うか）"
          schema={openApiKeyInputSchema}
          maxLength={100}
          initialName=""
          busy={create.isPending}
          serverError={create.error}
          onClose={() => {
            setNaming(false);
            create.reset();
          }}
          onSave={(name) =>
            create.mutate(name, {
              onSuccess: (key) => {
                setNaming(false);
                setIssued(key);
              },
            })
          }
        />
      ) : null}
      <Dialog open={issued !== null} title="APIキーを発行しました" onClose={() => setIssued(null)}>
        <p>
          この値は二度と表示されません。いまコピーして、外部システムの設定に貼り付けてください。
        </p>
        <code className="api-key__secret" aria-label="APIキーの値">
          {issued?.secret}
        </code>
        <div className="dialog__actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={async () => {
              if (issued && (await copyText(issued.secret)))
                toast.success('APIキーをコピーしました');
              else toast.error('コピーできませんでした');
            }}
          >
            コピー
          </button>
          <button type="button" className="btn" onClick={() => setIssued(null)}>
            閉じる
          </button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title={`「${revoking?.name ?? ''}」を無効にする`}
        message="このキーで送られたイベントは、これから受け付けません。元には戻せません。"
        confirmLabel="無効にする"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success('APIキーを無効にしました');
              setRevoking(null);
            },
            onError: (error) => toast.error(errorText(error)),
          })
        }
      />
    </section>
  );
}
