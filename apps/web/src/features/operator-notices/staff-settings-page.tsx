import {
  STAFF_CHANNEL_LABELS,
  STAFF_CHANNELS,
  STAFF_NOTICE_KIND_LABELS,
  STAFF_NOTICE_KINDS,
  type StaffChannel,
  type StaffLineLink,
  type StaffNoticeKind,
  type StaffNotifySettings,
} from '@tsunagu/contracts';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { PageHeader } from '@/ui/page-header';
import { TextBox } from '@/ui/text-field';
import { TimePicker } from '@/ui/time-picker';
import { useToast } from '@/ui/toast';
import {
  useIssueLineLink,
  useRefreshStaffNotifySettings,
  useSaveStaffNotifySettings,
  useStaffNotifySettings,
  useUnlinkLine,
} from './staff-settings-api';
import './staff-settings.css';

const QrCodeSvg = lazy(() => import('@/ui/qr-code-svg'));

type Form = {
  kinds: StaffNoticeKind[];
  channels: StaffChannel[];
  quiet_from: string;
  quiet_until: string;
  email: string;
};

const formOf = (s: StaffNotifySettings): Form => ({
  kinds: s.kinds,
  channels: s.channels,
  quiet_from: s.quiet_from ?? '',
  quiet_until: s.quiet_until ?? '',
  email: s.email ?? '',
});

const toggle = <T,>(list: readonly T[], value: T, on: boolean) =>
  on ? [...new Set([...list, value])] : list.filter((item) => item !== value);

/**
 * 通知の設定 (issue 26, decision 0281): the signed-in operator chooses which events they hear of,
 * on which channels (the bell, e-mail, their own LINE), and quiet hours (Tokyo time); links their
 * LINE by sending a one-time code to the shop's account.
 */
export function StaffNotifySettingsPage({ title }: { title: string }) {
  const settings = useStaffNotifySettings();
  if (settings.isPending) return <p>読み込み中...</p>;
  if (settings.isError) return <p role="alert">通知の設定を読み込めませんでした。</p>;
  return <SettingsForm title={title} saved={settings.data} />;
}

function SettingsForm({ title, saved }: { title: string; saved: StaffNotifySettings }) {
  const [form, setForm] = useState<Form>(() => formOf(saved));
  const [baseline, setBaseline] = useState<Form>(() => formOf(saved));
  const { dirty } = useUnsavedChanges(form, baseline);
  const save = useSaveStaffNotifySettings();
  const toast = useToast();
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const submit = () =>
    save.mutate(
      {
        kinds: form.kinds,
        channels: form.channels,
        quiet_from: form.quiet_from || null,
        quiet_until: form.quiet_until || null,
        email: form.email,
      },
      {
        onSuccess: (data) => {
          setBaseline(formOf(data));
          setForm(formOf(data));
          toast.success('通知の設定を保存しました');
        },
      },
    );
  return (
    <div className="staff-settings">
      <PageHeader title={title} />
      <form
        className="staff-settings__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="staff-settings__group">
          <legend>知らせてほしい出来事</legend>
          {STAFF_NOTICE_KINDS.map((kind) => (
            <label key={kind} className="staff-settings__check">
              <input
                type="checkbox"
                checked={form.kinds.includes(kind)}
                onChange={(e) =>
                  setForm({ ...form, kinds: toggle(form.kinds, kind, e.target.checked) })
                }
              />
              {STAFF_NOTICE_KIND_LABELS[kind]}
            </label>
          ))}
          <FieldError id="staff-kinds-error" messages={errors.kinds} />
        </fieldset>
        <fieldset className="staff-settings__group">
          <legend>受け取り方</legend>
          {STAFF_CHANNELS.map((channel) => (
            <label key={channel} className="staff-settings__check">
              <input
                type="checkbox"
                checked={form.channels.includes(channel)}
                disabled={
                  (channel === 'email' && !saved.email_available) ||
                  (channel === 'line' && !saved.line_linked_name)
                }
                onChange={(e) =>
                  setForm({ ...form, channels: toggle(form.channels, channel, e.target.checked) })
                }
              />
              {STAFF_CHANNEL_LABELS[channel]}
              {channel === 'email' && !saved.email_available ? (
                <span className="text-muted">（サーバーのメール送信が未設定です）</span>
              ) : null}
              {channel === 'line' && !saved.line_linked_name ? (
                <span className="text-muted">（下でLINEを連携すると選べます）</span>
              ) : null}
            </label>
          ))}
          <FieldError id="staff-channels-error" messages={errors.channels} />
          <label className="staff-settings__field">
            <span>メールアドレス</span>
            <TextBox
              type="email"
              value={form.email}
              onChange={(email) => setForm({ ...form, email })}
              maxLength={254}
              showCounter={false}
              autoComplete="email"
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? 'staff-email-error' : undefined}
            />
          </label>
          <FieldError id="staff-email-error" messages={errors.email} />
          <p className="text-muted staff-settings__note">
            同じ時間帯に続けて届いた通知は、1通のまとめメールでお送りします。
          </p>
        </fieldset>
        <fieldset className="staff-settings__group">
          <legend>おやすみ時間</legend>
          <div className="staff-settings__quiet">
            <TimePicker
              label="開始"
              value={form.quiet_from}
              onChange={(quiet_from) => setForm({ ...form, quiet_from })}
            />
            <span aria-hidden="true">〜</span>
            <TimePicker
              label="終了"
              value={form.quiet_until}
              onChange={(quiet_until) => setForm({ ...form, quiet_until })}
            />
          </div>
          <FieldError
            id="staff-quiet-error"
            messages={[...(errors.quiet_from ?? []), ...(errors.quiet_until ?? [])]}
          />
          <p className="text-muted staff-settings__note">
            この時間（日本時間）はメールとLINEを送らず、終わってからまとめてお送りします。管理画面のベルにはすぐ届きます。
          </p>
        </fieldset>
        <div className="staff-settings__actions">
          <button type="submit" className="btn btn--primary" disabled={!dirty || save.isPending}>
            保存する
          </button>
        </div>
      </form>
      <LineLinkSection linkedName={saved.line_linked_name} />
    </div>
  );
}

function LineLinkSection({ linkedName }: { linkedName: string | null }) {
  const issue = useIssueLineLink();
  const unlink = useUnlinkLine();
  const refresh = useRefreshStaffNotifySettings();
  const [link, setLink] = useState<StaffLineLink | null>(null);
  return (
    <section
      className="staff-settings__group staff-settings__line"
      aria-labelledby="staff-line-title"
    >
      <h2 id="staff-line-title">自分のLINEで受け取る</h2>
      {linkedName ? (
        <>
          <p>LINE「{linkedName}」と連携しています。</p>
          <button
            type="button"
            className="btn"
            disabled={unlink.isPending}
            onClick={() => unlink.mutate()}
          >
            連携を解除する
          </button>
        </>
      ) : link ? (
        <div className="staff-settings__link">
          {link.friend_url ? (
            <Suspense fallback={null}>
              <div className="staff-settings__qr">
                <QrCodeSvg
                  text={link.friend_url}
                  label="お店のLINE公式アカウントを友だち追加するQRコード"
                  className="staff-settings__qr-svg"
                />
              </div>
            </Suspense>
          ) : (
            <p className="text-muted">
              お店のLINE公式アカウントがまだ連携されていないため、QRコードを表示できません（設定「LINE連携」）。
            </p>
          )}
          <ol className="staff-settings__steps">
            <li>
              スマートフォンでQRコードを読み取り、お店のLINE公式アカウントを友だち追加します
              {link.friend_url ? (
                <>
                  （<a href={link.friend_url}>友だち追加のリンク</a>）
                </>
              ) : null}
              。
            </li>
            <li>
              トークで次のコードを送ってください：
              <strong className="staff-settings__code">{link.code}</strong>
            </li>
            <li>「連携しました」と返信が届いたら、下のボタンを押してください。</li>
          </ol>
          <p className="text-muted">コードの有効期限：{formatTokyoDateTime(link.expires_at)}</p>
          <button type="button" className="btn" onClick={() => void refresh()}>
            連携を確認する
          </button>
        </div>
      ) : (
        <>
          <p>
            お店のLINE公式アカウントを友だち追加し、表示されるコードを送ると、通知が自分のLINEに届きます。
          </p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={issue.isPending}
            onClick={() => issue.mutate(undefined, { onSuccess: setLink })}
          >
            LINEを連携する
          </button>
        </>
      )}
    </section>
  );
}
