import type { EventInput } from '@tsunagu/contracts';
import { useState } from 'react';
import { isApiError, refusalText } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { EventActionsFields, type ActionsEditor } from './event-actions-fields';
import { EventBasicFields } from './event-basic-fields';
import { EventBookingFields } from './event-booking-fields';
import type { EventValues } from './event-values';
import { QuestionsEditor } from './questions-editor';
import { InsertableText, RemindersEditor } from './reminders-editor';

export type { ActionsEditor, ActionsEditorProps } from './event-actions-fields';
export { EMPTY_EVENT, valuesOf, type EventValues } from './event-values';

/**
 * EventNew / EventEdit (issue 27): everything an organiser sets on an event — names, text,
 * image, place (shown only to booked friends), folder, how often a friend may book, questions,
 * the one action model on booking / cancel / attendance, confirmation and reminder texts,
 * booking close and waitlist rules, state. The server's 422s appear under their fields.
 */
export function EventForm(props: {
  initial: EventValues;
  folders: string[];
  items: { id: number; name: string }[];
  ActionsEditor: ActionsEditor;
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (input: EventInput) => void;
}) {
  const [values, setValues] = useState(props.initial);
  const set = <K extends keyof EventValues>(key: K, value: EventValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));
  const errors = isApiError(props.error) ? props.error.fieldErrors : {};
  const formError =
    props.error && Object.keys(errors).length === 0 ? refusalText(props.error) : null;

  return (
    <form
      className="form ev-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(values);
      }}
    >
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}
      <EventBasicFields values={values} set={set} errors={errors} folders={props.folders} />

      <EventBookingFields values={values} set={set} errors={errors} />

      <QuestionsEditor
        questions={values.questions}
        items={props.items}
        errors={errors}
        disabled={false}
        onChange={(questions) => set('questions', questions)}
      />

      <EventActionsFields
        values={values}
        set={set}
        errors={errors}
        ActionsEditor={props.ActionsEditor}
      />

      <fieldset>
        <legend>メッセージ</legend>
        <InsertableText
          id="ev-confirmation"
          label="予約確定メッセージ"
          value={values.confirmation_text}
          placeholder="空欄のときは標準の文面を送ります"
          onChange={(value) => set('confirmation_text', value)}
        />
        <FieldError id="ev-confirmation-error" messages={errors.confirmation_text} />
      </fieldset>
      <RemindersEditor
        reminders={values.reminders}
        errors={errors}
        onChange={(reminders) => set('reminders', reminders)}
      />

      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={props.busy}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
