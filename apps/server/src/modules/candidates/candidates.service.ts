import {
  CANDIDACY_STATUS_LABELS,
  CANDIDATE_THREADS_LIMIT,
  CANDIDATES_ALL_PAGE_SIZE,
  CANDIDATES_PAGE_SIZE,
  type CandidateListItem,
  type CandidateRecordView,
  type CandidatesListQuery,
  type CandidatesPage,
  type CandidateThread,
  candidacyAudienceOf,
} from '@promovente/shared';
import type { Db } from '../../db/client.js';
import { resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { paginate } from '../../platform/pagination.js';
import { getCandidate, toCandidateSummary, toPerson } from '../candidacies/candidacies.service.js';
import { serializeCandidateDetailFor } from '../candidacies/index.js';
import { avatarUrl } from '../users/index.js';
import {
  candidatesWhere,
  countCandidates,
  findCandidaciesOfCandidates,
  findCandidatePage,
  findThreadsAboutCandidate,
} from './candidates.queries.js';

/**
 * GET /candidates: the people with a candidacy in the promotion the call names (else the
 * current one), searched, sorted and paged in SQL; four queries whatever the page size.
 * A page past the last answers the last.
 */
export const listCandidates = async (db: Db, actor: RequestActor, query: CandidatesListQuery): Promise<CandidatesPage> => {
  const perPage = query.all ? CANDIDATES_ALL_PAGE_SIZE : CANDIDATES_PAGE_SIZE;
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) return paginate<CandidateListItem>([], 0, 1, perPage);
  const where = candidatesWhere({ promotionIds: [promotionId], search: query.search });
  const total = await countCandidates(db, where);
  const page = Math.min(query.page, Math.max(1, Math.ceil(total / perPage)));
  const rows = await findCandidatePage(db, where, perPage, (page - 1) * perPage);
  const candidacyRows =
    rows.length === 0
      ? []
      : await findCandidaciesOfCandidates(
          db,
          rows.map((r) => r.candidate.id),
          [promotionId],
        );
  const items = rows.map(({ candidate, userId }) => ({
    ...toCandidateSummary(candidate, userId === null ? null : Number(userId)),
    profile_picture: avatarUrl(candidate.profilePicture),
    candidacies: candidacyRows
      .filter((c) => c.candidateId === candidate.id)
      .map((c) => ({
        id: c.id,
        promotion_id: c.promotionId,
        status: c.status,
        status_text: CANDIDACY_STATUS_LABELS[c.status] ?? '',
        agency_id: c.agencyId,
        broker: toPerson(c.broker),
      })),
  }));
  return paginate(items, total, page, perPage);
};

/**
 * GET /candidates/{id} (docs/product/calls.md#candidates-and-candidacies 'includes threads'): the record of getCandidate plus the
 * threads about the candidate the caller takes part in, in the promotions of the candidacies he
 * may open. Threads are conversations between two users: nobody reads another pair's thread.
 */
export const getCandidateRecord = async (db: Db, actor: RequestActor, id: number): Promise<CandidateRecordView> => {
  const detail = await getCandidate(db, actor, id);
  const promotionIds = [...new Set(detail.candidacies.map((c) => c.promotion_id))];
  const rows =
    promotionIds.length === 0
      ? []
      : await findThreadsAboutCandidate(db, {
          userId: actor.id,
          candidateUserId: detail.user_id,
          promotionIds,
          candidacyIds: detail.candidacies.map((c) => c.id),
          limit: CANDIDATE_THREADS_LIMIT,
        });
  const threads: CandidateThread[] = rows.map((t) => {
    const createdBy = toPerson(t.creator);
    const to = toPerson(t.recipient);
    const isFromMe = t.createdById === actor.id;
    return {
      id: t.id,
      title: t.title,
      promotion_id: t.promotionId,
      candidacy_id: t.candidacyId,
      created_at: t.createdAt.toISOString(),
      last_message_at: t.lastMessageAt.toISOString(),
      created_by: createdBy,
      to,
      interlocutor: isFromMe ? to : createdBy,
      is_from_me: isFromMe,
      messages_count: Number(t.messagesCount),
      unread_count: Number(t.unreadCount),
    };
  });
  return { ...serializeCandidateDetailFor(candidacyAudienceOf(actor), detail), threads };
};
