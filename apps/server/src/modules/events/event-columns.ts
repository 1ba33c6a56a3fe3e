import { randomBytes } from 'node:crypto';
import type { EventInputParsed, eventSlotInputSchema } from '@tsunagu/contracts';

/** The public key of an event's page (`/e/{publicKey}`). */
export const newPublicKey = () => randomBytes(12).toString('base64url');

/** An event's settings as the row's columns. */
export function columnsOf(input: EventInputParsed) {
  return {
    adminName: input.admin_name,
    title: input.title,
    description: input.description,
    imageUrl: input.image_url,
    place: input.place,
    onlineUrl: input.online_url,
    folder: input.folder,
    state: input.state,
    bookingLimit: input.booking_limit,
    questions: input.questions,
    actionsOnBooking: input.actions_on_booking,
    actionsOnCancel: input.actions_on_cancel,
    actionsOnAttendance: input.actions_on_attendance,
    confirmationText: input.confirmation_text,
    reminders: input.reminders,
    defaultCloseHour: input.default_close_hour,
    waitlistEnabled: input.waitlist_enabled,
    waitlistOfferHours: input.waitlist_offer_hours,
  };
}

export type SlotInput = ReturnType<typeof eventSlotInputSchema.parse>;

/** A slot's settings as the row's columns. */
export const slotColumns = (input: SlotInput) => ({
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
  capacity: input.capacity,
  place: input.place,
  opensAt: input.opens_at ? new Date(input.opens_at) : null,
  closesAt: input.closes_at ? new Date(input.closes_at) : null,
  cancelDeadlineAt: input.cancel_deadline_at ? new Date(input.cancel_deadline_at) : null,
});
