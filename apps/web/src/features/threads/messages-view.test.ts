import { describe, expect, it } from 'vitest';
import { introTextOf, listParamsOf, opensNewThread, startsThreads, withListChange } from './messages-view';

describe('the thread list in the URL (docs/product/messages.md#screens)', () => {
  it('reads search, filter, interlocutor, page and the route queries, falling back to defaults', () => {
    expect(listParamsOf(new URLSearchParams('search=acte&filter=unread&interlocutor=notary&page=3&candidate=12&candidacy=40'), 7)).toEqual({
      promotion: 7,
      search: 'acte',
      filter: 'unread',
      interlocutor: 'notary',
      candidate: 12,
      candidacy: 40,
      page: 3,
    });
    expect(listParamsOf(new URLSearchParams('filter=tout&interlocutor=admin&page=-2&candidate=abc'), null)).toEqual({
      promotion: null,
      search: '',
      filter: 'all',
      interlocutor: '',
      candidate: null,
      candidacy: null,
      page: 1,
    });
  });

  it('goes back to page 1 on any change but the page, and drops an emptied control', () => {
    expect(withListChange(new URLSearchParams('page=4&search=a'), 'filter', 'unread').toString()).toBe('search=a&filter=unread');
    expect(withListChange(new URLSearchParams('page=4&search=a'), 'search', '').toString()).toBe('');
    expect(withListChange(new URLSearchParams('search=a'), 'page', '2').toString()).toBe('search=a&page=2');
  });

  it("opens 'Nouvelle discussion' with the openModal query", () => {
    expect(opensNewThread(new URLSearchParams('candidate=3&openModal=1'))).toBe(true);
    expect(opensNewThread(new URLSearchParams('openModal=true'))).toBe(true);
    expect(opensNewThread(new URLSearchParams('candidate=3'))).toBe(false);
  });
});

describe('who starts a thread and what the screen says (docs/product/messages.md#screens)', () => {
  it('welcomes a candidate and tells the others whom they may write to', () => {
    expect(introTextOf('candidate')).toMatch(/^Bienvenue dans votre messagerie/);
    expect(introTextOf('broker')).toBe('Pour contacter un candidat ou un notaire, cliquez sur « Nouvelle discussion ».');
    expect(introTextOf('notary')).toBe('Pour contacter un candidat ou un courtier, cliquez sur « Nouvelle discussion ».');
    expect(introTextOf('pilot')).toBe('Pour contacter un investisseur, cliquez sur « Nouvelle discussion ».');
    expect(introTextOf('banker')).toBe('Retrouvez ici les discussions qui vous sont adressées et répondez-y.');
  });

  it('offers a new thread to a candidate and to the roles that choose a recipient only', () => {
    expect(['candidate', 'broker', 'notary', 'pilot', 'investor'].every((t) => startsThreads(t as never))).toBe(true);
    expect(['promoter', 'banker', 'architect'].some((t) => startsThreads(t as never))).toBe(false);
  });
});
