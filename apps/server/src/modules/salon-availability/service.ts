import {
  AVAILABILITY_MESSAGES,
  PUBLIC_KEY_PATTERN,
  shopInfoSchema,
  type Availability,
  type AvailabilityQuery,
  type BookingPage,
  type BookingSlots,
  type BookingSlotsQuery,
  type OnlineConfig,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { createConfigService } from '../salon-configs/index.js';
import { availability } from './engine.js';
import { loadAvailabilityInput } from './loader.js';
import * as repository from './repository.js';

/**
 * The booking page's public reads and the console's availability view (issue 12, decision
 * 0102). The public side answers 404 for an unknown key and for a salon whose online booking
 * is off, the same way, so a key reveals nothing until the salon opens its page.
 */
export function createAvailabilityService(deps: { db: Database; clock?: () => Date }) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const configs = createConfigService({ db });

  async function openSalon(publicKey: string) {
    const notFound = new NotFoundError(AVAILABILITY_MESSAGES.bookingNotFound);
    if (!PUBLIC_KEY_PATTERN.test(publicKey)) throw notFound;
    const salon = await repository.findSalonByPublicKey(db, publicKey);
    if (!salon) throw notFound;
    const config = await configs.get(salon.id);
    if (!config.enable_online) throw notFound;
    return { salon, config };
  }

  async function onlineConfigOf(salonId: number): Promise<OnlineConfig | undefined> {
    try {
      return await configs.onlineConfig(salonId);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  return {
    async bookingPage(publicKey: string): Promise<BookingPage> {
      const { salon, config } = await openSalon(publicKey);
      const online = await onlineConfigOf(salon.id);
      const courses = await repository.listPublicCourses(db, salon.id);
      const resources = await repository.listResources(db, salon.id);
      return {
        salon_name: salon.name,
        title: online?.title ?? '',
        notice: online?.notice ?? '',
        shop_info: online?.shop_info ?? shopInfoSchema.parse({}),
        customer_info: online?.customer_info ?? [],
        courses: courses.map((course) => ({
          id: course.id,
          name: course.name,
          description: course.description,
          duration: course.durationMinutes,
          price: course.price,
        })),
        resources: resources
          .filter((resource) => resource.kind === 'staff' && resource.isPublic)
          .map((resource) => ({
            id: resource.id,
            name: resource.name,
            nomination_fee: resource.nominationFee,
          })),
        booking: config.booking,
        cancel: config.cancel,
      };
    },

    /** Free start times only: no resource, no reason, nothing about other customers. */
    async bookingSlots(publicKey: string, query: BookingSlotsQuery): Promise<BookingSlots> {
      const { salon, config } = await openSalon(publicKey);
      const { input } = await loadAvailabilityInput(db, configs, {
        config,
        salonId: salon.id,
        courseId: query.course_id,
        resourceId: query.resource_id,
        range: { start: query.from, end: query.to },
        now: clock(),
        audience: 'online',
      });
      return {
        course_id: query.course_id,
        resource_id: query.resource_id,
        days: availability(input).map((day) => ({
          date: day.date,
          slots: day.slots
            .filter((slot) => slot.available)
            .map((slot) => ({ from: slot.from, to: slot.to })),
        })),
      };
    },

    /** Every start time; the reason of each one not offered when `reasons` is asked for. */
    async consoleAvailability(salonId: number, query: AvailabilityQuery): Promise<Availability> {
      const { input } = await loadAvailabilityInput(db, configs, {
        salonId,
        courseId: query.course_id,
        resourceId: query.resource_id,
        range: { start: query.from, end: query.to },
        now: clock(),
        audience: 'console',
      });
      return {
        course_id: query.course_id,
        resource_id: query.resource_id,
        days: availability(input).map((day) => ({
          date: day.date,
          slots: day.slots.map((slot) => ({
            from: slot.from,
            to: slot.to,
            available: slot.available,
            resource_id: slot.available ? slot.resourceId : null,
            reason: !slot.available && query.reasons ? slot.reason : null,
          })),
        })),
      };
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
