import { describe, expect, it } from 'vitest';
import { logsBackLink, parseLogsFilter } from './logs-view';

describe('the history screen query (docs/product/history.md#screens)', () => {
  it('reads application_id, candidacy_id, lot_id and the page, dropping what is not a positive id', () => {
    expect(parseLogsFilter(new URLSearchParams('candidacy_id=12&page=3'))).toEqual({
      application_id: undefined,
      candidacy_id: 12,
      lot_id: undefined,
      page: 3,
    });
    expect(parseLogsFilter(new URLSearchParams('lot_id=abc&application_id=-2&page=0'))).toEqual({
      application_id: undefined,
      candidacy_id: undefined,
      lot_id: undefined,
      page: 1,
    });
  });

  it('goes back to the sales funnel, the candidates or the lots by the query', () => {
    expect(logsBackLink({ application_id: 5, page: 1 }, null)).toEqual({
      to: '/tunnel-de-vente?application=5',
      label: 'Retour au tunnel de vente',
    });
    expect(logsBackLink({ candidacy_id: 8, page: 1 }, null)).toEqual({ to: '/candidats?candidacy=8', label: 'Retour aux candidats' });
    // The lots screen takes the lot's public id, which the answer's subject carries.
    expect(logsBackLink({ lot_id: 2, page: 1 }, { kind: 'lot', id: 2, title: 'A-101', public_id: 'f0e1' })).toEqual({
      to: '/lots?lot=f0e1',
      label: 'Retour aux lots',
    });
    expect(logsBackLink({ lot_id: 2, page: 1 }, undefined)).toEqual({ to: '/lots', label: 'Retour aux lots' });
    expect(logsBackLink({ page: 1 }, null)).toBeNull();
  });
});
