import {
  MEMBER_PAGE_SIZE,
  SALON_COMMON_MESSAGES,
  type MemberPage,
  type SalonSummary,
} from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import * as repository from './repository.js';
import type { SalonRow, ScopedSalonRow } from './repository.js';

export type { SalonRow, ScopedSalonRow };

export function createSalonService(deps: { db: Executor }) {
  const { db } = deps;
  return {
    async list(accountId: number): Promise<SalonSummary[]> {
      const rows = await repository.listSalons(db, accountId);
      return rows.map((row) => ({ id: row.id, name: row.name }));
    },

    /** The salon of the path, or 404 when it is not the operator's account's. */
    async require(accountId: number, salonId: number): Promise<ScopedSalonRow> {
      const salon = await repository.findSalon(db, accountId, salonId);
      if (!salon) throw new NotFoundError(SALON_COMMON_MESSAGES.salonNotFound);
      return salon;
    },

    /**
     * The salon of an account-level reference call (REF-02..04): `?salon_id=` when given (404
     * when not the account's), else the account's first salon; undefined when it has none.
     */
    async forReference(accountId: number, salonId?: number): Promise<SalonRow | undefined> {
      if (salonId !== undefined) return this.require(accountId, salonId);
      return repository.firstSalon(db, accountId);
    },

    async searchMembers(accountId: number, q: string, page: number): Promise<MemberPage> {
      const { rows, total } = await repository.searchMembers(
        db,
        accountId,
        q,
        MEMBER_PAGE_SIZE,
        (page - 1) * MEMBER_PAGE_SIZE,
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          display_name: row.displayName,
          icon_url: row.iconUrl,
          line_user_id: row.lineUserId,
        })),
        total,
        page,
        per_page: MEMBER_PAGE_SIZE,
      };
    },
  };
}

export type SalonService = ReturnType<typeof createSalonService>;
