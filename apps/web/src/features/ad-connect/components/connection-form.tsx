import type { AdConnection, AdPlatform } from '@tsunagu/contracts';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-error';
import { useToast } from '@/ui/toast';
import { useSaveAdConnection } from '../api/ad-connect-api';
import { AdField } from './ad-field';
import { MappingEditor, mappingsBody, type MappingDraft } from './mapping-editor';

type Fields = Record<string, string>;

/** The inputs of each platform: [key, label, hint, secret]. Secrets are kept when left empty. */
const FIELDS: Record<AdPlatform, [string, string, string, boolean][]> = {
  line: [
    [
      'tag_id',
      'LINE Tag ID',
      'LINE広告の管理画面「トラッキング（LINE Tag）」で確認できます',
      false,
    ],
    ['access_token', 'アクセストークン', 'Conversion API のアクセストークン', true],
  ],
  meta: [
    ['dataset_id', 'データセットID（ピクセルID）', '数字のID', false],
    ['access_token', 'アクセストークン', 'Conversions API のアクセストークン', true],
    ['test_event_code', 'テストイベントコード', 'テスト中だけ入力します（空欄で本番送信）', false],
  ],
  google: [
    ['customer_id', 'お客様ID', '123-456-7890', false],
    ['login_customer_id', 'MCC のお客様ID', 'クライアントセンター経由のときだけ', false],
    ['client_id', 'OAuth クライアントID', 'Google Cloud の OAuth クライアント', false],
    ['client_secret', 'OAuth クライアントシークレット', '', true],
    ['developer_token', '開発者トークン', 'Google 広告 API の開発者トークン', true],
  ],
};

const NAME_LABEL: Record<AdPlatform, string> = {
  line: 'LINE広告のイベント名',
  meta: 'Meta のイベント名',
  google: 'コンバージョンアクションID',
};

/** A platform's connect / edit form: its ids, credentials (write-only) and the mapping. */
export function ConnectionForm(props: { connection: AdConnection; onDone: () => void }) {
  const { connection, onDone } = props;
  const platform = connection.platform;
  const save = useSaveAdConnection(platform);
  const toast = useToast();
  const [fields, setFields] = useState<Fields>(() => ({ ...connection.settings }));
  const [rows, setRows] = useState<MappingDraft[]>(() =>
    connection.mappings.map((row) => ({
      event: row.event,
      name: row.name,
      value: row.value === null ? '' : String(row.value),
    })),
  );
  const errors = isApiError(save.error) ? save.error.fieldErrors : {};
  const mappingErrors = Object.entries(errors)
    .filter(([key]) => key.startsWith('mappings'))
    .flatMap(([, messages]) => messages);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = { mappings: mappingsBody(rows) };
    for (const [key, , , secret] of FIELDS[platform]) {
      const value = (fields[key] ?? '').trim();
      if (secret && value === '') continue;
      body[key] = value;
    }
    save.mutate(body, {
      onSuccess: () => {
        toast.success('広告連携を保存しました');
        onDone();
      },
    });
  }

  return (
    <form className="form ad-connect__form" onSubmit={submit} noValidate>
      {save.isError && !isApiError(save.error) ? (
        <p className="notice notice--error" role="alert">
          保存できませんでした
        </p>
      ) : null}
      {isApiError(save.error) && Object.keys(errors).length === 0 ? (
        <p className="notice notice--error" role="alert">
          {save.error.message}
        </p>
      ) : null}
      {FIELDS[platform].map(([key, label, hint, secret]) => (
        <AdField
          key={key}
          label={label}
          secret={secret}
          value={fields[key] ?? ''}
          onChange={(value) => setFields((now) => ({ ...now, [key]: value }))}
          hint={secret && connection.has_token ? '保存済み（変えるときだけ入力）' : hint}
          errors={errors[key]}
        />
      ))}
      <MappingEditor
        rows={rows}
        onChange={setRows}
        nameLabel={NAME_LABEL[platform]}
        errors={mappingErrors}
      />
      <div className="ad-connect__actions">
        <button type="button" className="btn" onClick={onDone}>
          キャンセル
        </button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          保存
        </button>
      </div>
    </form>
  );
}
