import type { Board } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import type { PublishAccountEvent } from '../realtime/index.js';
import { tagsOfFriends } from '../tags/index.js';
import { boardAnnouncer } from './announce.js';
import { createBoardCards } from './cards.js';
import { createBoardColumns } from './columns.js';
import { toCard, toColumn } from './mapping.js';
import * as repository from './repository.js';

/** The follow-up board of an account (issue 24, decisions 0240–0243). */
export function createBoardService(deps: { db: Database; publish: PublishAccountEvent }) {
  const { db } = deps;
  const announce = boardAnnouncer(deps.publish);

  return {
    async get(accountId: number): Promise<Board> {
      const [columns, cards] = await Promise.all([
        repository.listColumns(db, accountId),
        repository.listCards(db, accountId),
      ]);
      const tags = await tagsOfFriends(
        db,
        cards.map((row) => row.memberId),
      );
      return {
        columns: columns.map(toColumn),
        cards: cards.map((row) => toCard(row, tags.get(row.memberId) ?? [])),
      };
    },

    assignees: (accountId: number) => repository.listOperators(db, accountId),

    ...createBoardColumns({ db, announce }),
    ...createBoardCards({ db, announce }),
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
