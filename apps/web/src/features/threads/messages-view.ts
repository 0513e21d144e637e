import {
  THREAD_INTERLOCUTOR_LABELS,
  THREAD_READ_FILTERS,
  type ThreadReadFilter,
  type ThreadRecipientClass,
  threadRecipientTypes,
  type UserType,
} from '@promovente/shared';
import type { ThreadListParams } from './api/threads';

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The thread list's state from the URL (docs/product/messages.md#screens): search, filter,
 * interlocutor, page, and the route's queries `candidate` (the threads about a candidate record)
 * and `candidacy` (the candidates screen's link); anything else falls back to its default.
 */
export const listParamsOf = (query: URLSearchParams, promotion: number | null): ThreadListParams => {
  const filter = query.get('filter');
  const interlocutor = query.get('interlocutor');
  return {
    promotion,
    search: query.get('search') ?? '',
    filter: THREAD_READ_FILTERS.includes(filter as ThreadReadFilter) ? (filter as ThreadReadFilter) : 'all',
    interlocutor: interlocutor && interlocutor in THREAD_INTERLOCUTOR_LABELS ? (interlocutor as ThreadRecipientClass) : '',
    candidate: positiveInt(query.get('candidate')),
    candidacy: positiveInt(query.get('candidacy')),
    page: positiveInt(query.get('page')) ?? 1,
  };
};

/** A change of one list control: every change but the page's goes back to page 1 (docs/product/layout.md#sort-and-pagination). */
export const withListChange = (query: URLSearchParams, key: string, value: string) => {
  const next = new URLSearchParams(query);
  if (value) next.set(key, value);
  else next.delete(key);
  if (key !== 'page') next.delete('page');
  return next;
};

/** The route's `openModal` query opens 'Nouvelle discussion' (with the `candidate` as recipient when given). */
export const opensNewThread = (query: URLSearchParams) => ['1', 'true'].includes(query.get('openModal') ?? '');

/** Who may start a thread: a candidate (to his broker) and the roles that choose a recipient. */
export const startsThreads = (type: UserType) => type === 'candidate' || threadRecipientTypes(type).length > 0;

/** The interlocutor filter's choices: every class a thread of this role may meet. */
export const INTERLOCUTOR_CHOICES = Object.entries(THREAD_INTERLOCUTOR_LABELS) as [ThreadRecipientClass, string][];

const joinFrench = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ou ${words[words.length - 1]}`;

const ARTICLES: Record<ThreadRecipientClass, string> = {
  candidate: 'un candidat',
  notary: 'un notaire',
  broker: 'un courtier',
  pilot: 'un pilote',
  investor: 'un investisseur',
};

/**
 * The text above the list: a candidate's welcome, and for the others a hint naming whom they
 * may write to (docs/product/messages.md#screens).
 */
export const introTextOf = (type: UserType): string => {
  if (type === 'candidate') {
    return 'Bienvenue dans votre messagerie. Écrivez ici à votre courtier : il reçoit votre message par e-mail et vous répond dans cet espace.';
  }
  const classes = threadRecipientTypes(type) as ThreadRecipientClass[];
  if (classes.length === 0) return 'Retrouvez ici les discussions qui vous sont adressées et répondez-y.';
  return `Pour contacter ${joinFrench(classes.map((c) => ARTICLES[c]))}, cliquez sur « Nouvelle discussion ».`;
};
