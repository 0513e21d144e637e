import {
  CANDIDACY_STATUS_LABELS,
  LIBRARY_MIN_STATUSES,
  type LibraryAccess,
  type LibraryReader,
  libraryReaderOf,
  readerSeesLibraryFile,
  USER_TYPES,
} from '@promovente/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { createPromotion } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { readerCondition } from './library.queries.js';

/**
 * The library reader rule has one home, `readerSeesLibraryFile` (packages/shared/src/rules/library-reader.ts,
 * tested there through `can(actor, 'library.read', ...)`). The file link asks it; the list
 * filters in SQL for its pages and counts, so this test runs that SQL over every combination of
 * the four flags and the minimum statuses, for every reader, against the rule.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const flagCombinations = (): Omit<LibraryAccess, 'candidate_min_status'>[] =>
  Array.from({ length: 16 }, (_, bits) => ({
    access_candidate: Boolean(bits & 1),
    access_promoter: Boolean(bits & 2),
    access_notary: Boolean(bits & 4),
    access_investor: Boolean(bits & 8),
  }));

describe('the library SQL filter is the library reader rule (docs/permissions.md#row-rules)', () => {
  it('selects exactly the files the rule opens, for every reader', async () => {
    const db = ctx.database.db;
    const promotion = await createPromotion(db);
    const minStatuses = [null, ...LIBRARY_MIN_STATUSES];
    const accesses: LibraryAccess[] = flagCombinations().flatMap((flags) =>
      minStatuses.map((candidate_min_status) => ({ ...flags, candidate_min_status })),
    );
    const rows = await db
      .insert(files)
      .values(
        accesses.map((access, index) => ({
          promotionId: promotion.id,
          name: `Fichier ${index}.pdf`,
          mime: 'application/pdf',
          size: 10,
          storageKey: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          owner: 'library',
          accessCandidate: access.access_candidate,
          accessPromoter: access.access_promoter,
          accessNotary: access.access_notary,
          accessInvestor: access.access_investor,
          candidateMinStatus: access.candidate_min_status,
        })),
      )
      .returning({ id: files.id });
    const candidateStatuses = [null, ...Object.keys(CANDIDACY_STATUS_LABELS).map(Number)];
    const readers: LibraryReader[] = [
      ...USER_TYPES.filter((type) => type !== 'candidate').map((type) => libraryReaderOf({ type })),
      ...candidateStatuses.map((status) => libraryReaderOf({ type: 'candidate' }, status)),
    ];
    expect(new Set(readers.map((reader) => reader.kind))).toEqual(new Set(['all', 'none', 'flag', 'candidate']));
    for (const reader of readers) {
      const selected = await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.promotionId, promotion.id), readerCondition(reader)));
      const expected = rows.filter((_, index) => readerSeesLibraryFile(reader, accesses[index])).map((row) => row.id);
      expect(
        selected.map((row) => row.id).sort((a, b) => a - b),
        JSON.stringify(reader),
      ).toEqual(expected.sort((a, b) => a - b));
    }
  });
});
