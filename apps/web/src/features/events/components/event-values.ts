import type {
  Action,
  EventBookingLimit,
  EventDetail,
  EventQuestion,
  EventReminder,
  EventState,
} from '@tsunagu/contracts';

export type EventValues = {
  admin_name: string;
  title: string;
  description: string;
  image_url: string;
  place: string;
  online_url: string;
  folder: string;
  state: EventState;
  booking_limit: EventBookingLimit;
  questions: EventQuestion[];
  actions_on_booking: Action[];
  actions_on_cancel: Action[];
  actions_on_attendance: Action[];
  confirmation_text: string;
  reminders: EventReminder[];
  default_close_hour: number;
  waitlist_enabled: boolean;
  waitlist_offer_hours: number;
};

export const EMPTY_EVENT: EventValues = {
  admin_name: '',
  title: '',
  description: '',
  image_url: '',
  place: '',
  online_url: '',
  folder: '',
  state: 'draft',
  booking_limit: 'per_event',
  questions: [],
  actions_on_booking: [],
  actions_on_cancel: [],
  actions_on_attendance: [],
  confirmation_text: '',
  reminders: [],
  default_close_hour: 18,
  waitlist_enabled: true,
  waitlist_offer_hours: 24,
};

export function valuesOf(event: EventDetail): EventValues {
  const {
    id: _id,
    public_key: _key,
    state_name: _name,
    created_at: _c,
    updated_at: _u,
    ...rest
  } = event;
  return rest;
}

/** What each part of the event form gets: the values, a setter of one, the server's 422s. */
export type EventFieldsProps = {
  values: EventValues;
  set: <K extends keyof EventValues>(key: K, value: EventValues[K]) => void;
  errors: Record<string, string[]>;
};
