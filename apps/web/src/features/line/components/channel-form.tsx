import {
  lineChannelInputSchema,
  type LineChannel,
  type LineChannelInput,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { BOOKING_PAGE_PREFIX } from '@/config/paths';
import { errorText } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import {
  serverChannelErrors,
  zodChannelErrors,
  type ChannelFormErrors,
} from './channel-field-errors';
import { LINE_TEXT } from './line-text';
import { TextInputField } from './text-input-field';

type ChannelFormValues = Required<LineChannelInput>;

type ChannelFormProps = {
  /** The connected channel whose settings are edited; none: connect a new one. */
  channel?: LineChannel;
  busy: boolean;
  serverError: unknown;
  /** `saved` is to be called once LINE accepted and the server stored the channel (REF-17). */
  onSubmit: (input: ChannelFormValues, saved: () => void) => void;
};

/** Secret and token are never sent back by the server, so they always start empty. */
function initialValues(channel?: LineChannel): ChannelFormValues {
  return {
    channel_id: channel?.channel_id ?? '',
    channel_secret: '',
    channel_access_token: '',
    pnp_enabled: channel?.pnp_enabled ?? false,
    login_channel_id: channel?.login_channel_id ?? '',
    login_channel_secret: '',
    liff_id: channel?.liff_id ?? '',
    tracker_liff_id: channel?.tracker_liff_id ?? '',
  };
}

/**
 * Connecting the account's channel, or changing its settings once connected (the same PUT: an
 * empty secret or token keeps the stored one of the same channel). The contract's schema checks
 * the formats here first; LINE's refusal comes back as a 422 on the field it concerns.
 */
export function ChannelForm({ channel, busy, serverError, onSubmit }: ChannelFormProps) {
  const [initial] = useState(() => initialValues(channel));
  const [values, setValues] = useState(initial);
  const { release } = useUnsavedChanges(values, initial);
  const [clientErrors, setClientErrors] = useState<ChannelFormErrors>({});
  const pnpId = useId();
  const editing = channel !== undefined;

  const server = serverChannelErrors(serverError);
  const errors: ChannelFormErrors = { ...server.fields, ...clientErrors };
  const set = (field: keyof ChannelFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setClientErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = lineChannelInputSchema.safeParse(values);
    if (!parsed.success) {
      setClientErrors(zodChannelErrors(parsed.error));
      return;
    }
    setClientErrors({});
    onSubmit(parsed.data, release);
  };

  const formMessage = serverError ? [errorText(serverError), ...server.other].join('\n') : null;

  return (
    <form className="form form--wide line-form" onSubmit={submit} noValidate>
      {formMessage ? (
        <p className="notice notice--error" role="alert">
          {formMessage}
        </p>
      ) : null}
      <TextInputField
        label={LINE_TEXT.channelId}
        name="channel_id"
        value={values.channel_id}
        onChange={set('channel_id')}
        hint={LINE_TEXT.channelIdHint}
        errors={errors.channel_id}
        inputMode="numeric"
      />
      <TextInputField
        label={LINE_TEXT.channelSecret}
        name="channel_secret"
        value={values.channel_secret}
        onChange={set('channel_secret')}
        hint={editing ? LINE_TEXT.keepHint : LINE_TEXT.channelSecretHint}
        errors={errors.channel_secret}
        secret
      />
      <TextInputField
        label={LINE_TEXT.channelAccessToken}
        name="channel_access_token"
        value={values.channel_access_token}
        onChange={set('channel_access_token')}
        hint={editing ? LINE_TEXT.keepHint : LINE_TEXT.tokenHintConnect}
        errors={errors.channel_access_token}
        secret
      />
      <div className="line-form__check">
        <label className="checkbox" htmlFor={pnpId}>
          <input
            id={pnpId}
            type="checkbox"
            name="pnp_enabled"
            checked={values.pnp_enabled}
            aria-describedby={`${pnpId}-hint`}
            onChange={(event) =>
              setValues((current) => ({ ...current, pnp_enabled: event.target.checked }))
            }
          />
          {LINE_TEXT.pnp}
        </label>
        <FieldError id={`${pnpId}-error`} messages={errors.pnp_enabled} />
        <p id={`${pnpId}-hint`} className="line-field__hint">
          {LINE_TEXT.pnpHint}
        </p>
      </div>
      <TextInputField
        label={LINE_TEXT.loginChannelId}
        name="login_channel_id"
        value={values.login_channel_id}
        onChange={set('login_channel_id')}
        hint={LINE_TEXT.loginChannelIdHint}
        errors={errors.login_channel_id}
        inputMode="numeric"
      />
      <TextInputField
        label={LINE_TEXT.loginChannelSecret}
        name="login_channel_secret"
        value={values.login_channel_secret}
        onChange={set('login_channel_secret')}
        hint={
          channel?.has_login_channel_secret
            ? LINE_TEXT.loginChannelSecretKeepHint
            : LINE_TEXT.loginChannelSecretHint
        }
        errors={errors.login_channel_secret}
        secret
      />
      <TextInputField
        label={LINE_TEXT.liffId}
        name="liff_id"
        value={values.liff_id}
        onChange={set('liff_id')}
        hint={LINE_TEXT.liffIdHint(`${window.location.origin}${BOOKING_PAGE_PREFIX}`)}
        errors={errors.liff_id}
      />
      <TextInputField
        label={LINE_TEXT.trackerLiffId}
        name="tracker_liff_id"
        value={values.tracker_liff_id}
        onChange={set('tracker_liff_id')}
        hint={LINE_TEXT.trackerLiffIdHint(`${window.location.origin}/t/liff`)}
        errors={errors.tracker_liff_id}
      />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {editing ? LINE_TEXT.save : LINE_TEXT.connect}
        </button>
      </div>
    </form>
  );
}
