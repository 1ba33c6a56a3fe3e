import { CONFIG_MESSAGES, type SalonUrl, type SalonUrlInput } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import * as repository from './repository.js';

/** The salon's public booking page (RSV-16) and its measured links (RSV-78..80). */
export function createSalonUrlService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** RSV-16: the salon's public booking page. */
    onlineUrl(origin: string, publicKey: string): string {
      return `${origin.replace(/\/$/, '')}/r/${publicKey}`;
    },

    async salonUrls(salonId: number, onlineUrl: string): Promise<SalonUrl[]> {
      const rows = await repository.listSalonUrls(db, salonId);
      return rows.map((row) => {
        const params = new URLSearchParams();
        if (row.utmSource) params.set('utm_source', row.utmSource);
        if (row.utmMedium) params.set('utm_medium', row.utmMedium);
        if (row.utmCampaign) params.set('utm_campaign', row.utmCampaign);
        params.set('salon_url_id', String(row.id));
        return {
          id: row.id,
          name: row.name,
          utm_source: row.utmSource,
          utm_medium: row.utmMedium,
          utm_campaign: row.utmCampaign,
          url: `${onlineUrl}?${params.toString()}`,
          created_at: row.createdAt.toISOString(),
        };
      });
    },

    async createSalonUrl(salonId: number, input: SalonUrlInput): Promise<number> {
      return repository.insertSalonUrl(db, {
        salonId,
        name: input.name,
        utmSource: input.utm_source,
        utmMedium: input.utm_medium,
        utmCampaign: input.utm_campaign,
      });
    },

    async deleteSalonUrl(salonId: number, id: number): Promise<void> {
      if (!(await repository.deleteSalonUrl(db, salonId, id)))
        throw new NotFoundError(CONFIG_MESSAGES.salonUrlNotFound);
    },
  };
}
