import {
  EPISODE_TEXT,
  isEpisodeType,
  type Episode,
  type EpisodeAnchor,
  type EpisodeInput,
  type SalonEpisodes,
  type episodeStepInputSchema,
} from '@tsunagu/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import * as repository from './repository.js';
import type { EpisodeRow, EpisodeStepRow } from './repository.js';
import { MESSAGES } from '@tsunagu/contracts';

type StepInput = z.output<typeof episodeStepInputSchema>;

const toEpisode = (row: EpisodeRow, steps: EpisodeStepRow[]): Episode => ({
  id: row.id,
  name: row.name,
  type: row.type,
  hid_at: row.hidAt?.toISOString() ?? null,
  steps: steps
    .filter((step) => step.episodeId === row.id)
    .map((step) => ({
      id: step.id,
      order: step.order,
      anchor: step.anchor as EpisodeAnchor,
      offset_days: step.offsetDays,
      at_time: step.atTime,
      template_id: step.templateId,
      add_tag_ids: step.addTagIds,
      remove_tag_ids: step.removeTagIds,
    })),
});

/**
 * What a step of this kind may be timed by (decision 0167): an episode runs from the booking
 * (at once) or the visit date; a follow from the follow or the visit date. Problems by field.
 */
function stepProblems(type: number, step: StepInput): Record<string, string> {
  const problems: Record<string, string> = {};
  const allowed: EpisodeAnchor[] = isEpisodeType(type)
    ? ['booked', 'visit']
    : ['followed', 'visit'];
  if (!allowed.includes(step.anchor))
    problems.anchor = isEpisodeType(type)
      ? EPISODE_TEXT.anchorForEpisode
      : EPISODE_TEXT.anchorForFollow;
  else if (step.anchor === 'booked' && (step.offset_days !== 0 || step.at_time !== null))
    problems.at_time = EPISODE_TEXT.bookedAtOnce;
  else if (step.anchor === 'visit' && step.at_time === null)
    problems.at_time = EPISODE_TEXT.timeRequired;
  if (step.template_id === null) problems.template_id = EPISODE_TEXT.templateRequired;
  return problems;
}

/** Episodes and follows of an account (EPI-01..08, decision 0167). */
export function createEpisodesService(deps: { db: Database; clock?: () => Date }) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function get(accountId: number, id: number): Promise<Episode> {
    const row = await repository.findEpisode(db, accountId, id);
    if (!row) throw new NotFoundError(EPISODE_TEXT.notFound);
    return toEpisode(row, await repository.stepsOf(db, [row.id]));
  }

  async function assertSalon(accountId: number, salonId: number) {
    if (!(await repository.salonOfAccount(db, accountId, salonId)))
      throw new NotFoundError(EPISODE_TEXT.salonNotFound);
  }

  return {
    get,

    /** Episodes and follows not deleted, with their steps. */
    async list(accountId: number): Promise<Episode[]> {
      const rows = await repository.listEpisodes(db, accountId);
      const steps = await repository.stepsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toEpisode(row, steps));
    },

    /** EPI-04: a new episode or follow, without steps. */
    async create(accountId: number, input: EpisodeInput): Promise<Episode> {
      const id = await repository.insertEpisode(db, accountId, input);
      return get(accountId, id);
    },

    /**
     * EPI-03: the steps as a whole, in order. Each is checked for its kind, its template and tags
     * must be the account's; any problem is a 422 naming `steps.{n}.{field}`, nothing saved.
     */
    async setSteps(accountId: number, id: number, steps: StepInput[]): Promise<Episode> {
      const episode = await repository.findEpisode(db, accountId, id);
      if (!episode) throw new NotFoundError(EPISODE_TEXT.notFound);
      if (episode.hidAt) throw fieldError('steps', EPISODE_TEXT.hidden);
      const templates = await repository.ownTemplateIds(
        db,
        accountId,
        steps.flatMap((step) => (step.template_id === null ? [] : [step.template_id])),
      );
      const tags = await repository.ownTagIds(
        db,
        accountId,
        steps.flatMap((step) => [...step.add_tag_ids, ...step.remove_tag_ids]),
      );
      const errors: Record<string, string[]> = {};
      steps.forEach((step, index) => {
        const problems = stepProblems(episode.type, step);
        if (step.template_id !== null && !templates.has(step.template_id))
          problems.template_id = EPISODE_TEXT.templateNotFound;
        for (const key of ['add_tag_ids', 'remove_tag_ids'] as const)
          if (step[key].some((tag) => !tags.has(tag))) problems[key] = EPISODE_TEXT.tagNotFound;
        for (const [field, message] of Object.entries(problems))
          errors[`steps.${index}.${field}`] = [message];
      });
      if (Object.keys(errors).length > 0)
        throw new ValidationError(MESSAGES.validationFailed, errors);
      await db.transaction((tx) =>
        repository.replaceSteps(
          tx,
          id,
          steps.map((step) => ({
            anchor: step.anchor,
            offsetDays: step.offset_days,
            atTime: step.at_time,
            templateId: step.template_id,
            addTagIds: [...new Set(step.add_tag_ids)],
            removeTagIds: [...new Set(step.remove_tag_ids)],
          })),
        ),
      );
      return get(accountId, id);
    },

    /** EPI-07/08: kept, marked hid_at, never run again (already deleted: 404). */
    async hide(accountId: number, id: number) {
      if (!(await repository.hideEpisode(db, accountId, id, clock())))
        throw new NotFoundError(EPISODE_TEXT.notFound);
    },

    async salonEpisodes(accountId: number, salonId: number): Promise<SalonEpisodes> {
      await assertSalon(accountId, salonId);
      const row = await repository.salonEpisodesOf(db, salonId);
      return { episode_id: row?.episodeId ?? null, follow_id: row?.followId ?? null };
    },

    /**
     * EPI-05/06: the salon runs this episode (type 10) or follow (another type) from now on;
     * null stops it. Steps anchored before now are never sent for it (no replayed history).
     */
    async attach(
      accountId: number,
      salonId: number,
      attr: 'episode_id' | 'follow_id',
      value: number | null,
    ): Promise<SalonEpisodes> {
      await assertSalon(accountId, salonId);
      if (value !== null) {
        const episode = await repository.findEpisode(db, accountId, value);
        if (!episode) throw fieldError('value', EPISODE_TEXT.notFound);
        if (episode.hidAt) throw fieldError('value', EPISODE_TEXT.hidden);
        if (isEpisodeType(episode.type) !== (attr === 'episode_id'))
          throw fieldError('value', EPISODE_TEXT.wrongKind(attr));
      }
      await repository.setSalonEpisode(db, salonId, attr, value, clock());
      const row = await repository.salonEpisodesOf(db, salonId);
      return { episode_id: row?.episodeId ?? null, follow_id: row?.followId ?? null };
    },
  };
}

export type EpisodesService = ReturnType<typeof createEpisodesService>;
