import { describe, expect, it } from 'vitest';
import { deriveCandidacyStatus, deriveLotStatus } from './process.js';
import { canAttributeLot } from './rules/attribution.js';
import { bestAvailablePriority } from './rules/positions.js';

describe('lot status derivation (docs/sales-process.md#2-lots-built)', () => {
  it.each([
    [0, [], 0],
    [1, [], 1],
    [0, [0], 2],
    [1, [0, 0], 2],
    [0, [0, 1], 3],
    [0, [2], 4],
    [0, [0, 3], 4],
  ])('raw %d with live applications %j shows %d', (raw, statuses, expected) => {
    expect(deriveLotStatus(raw, statuses)).toBe(expected);
  });
});

describe('candidacy status derivation (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  it('follows the best live application, only upward', () => {
    expect(deriveCandidacyStatus(0, 0)).toBe(3);
    expect(deriveCandidacyStatus(3, 1)).toBe(4);
    expect(deriveCandidacyStatus(5, 0)).toBe(5);
    expect(deriveCandidacyStatus(4, null)).toBe(4);
  });

  it('leaves a hand-set non retenu alone without application, and lifts it with one', () => {
    expect(deriveCandidacyStatus(1, null)).toBe(1);
    expect(deriveCandidacyStatus(2, 0)).toBe(3);
  });
});

describe('best available priority (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  it('is the lowest free position among 1-3, or none', () => {
    expect(bestAvailablePriority([])).toBe(1);
    expect(bestAvailablePriority([1, 9])).toBe(2);
    expect(bestAvailablePriority([2, 1])).toBe(3);
    expect(bestAvailablePriority([1, 3])).toBe(2);
    expect(bestAvailablePriority([1, 2, 3])).toBeNull();
  });
});

describe("the 'assign lot' action (docs/product/access.md#who-may-do-what)", () => {
  const base = { candidacyAgencyId: 1, multiAgency: false, crmUpdatedAt: '2026-01-01', crmValidated: false };
  it('is hidden only for an unvalidated agency-1 candidacy of a synced, single-agency promotion', () => {
    expect(canAttributeLot(base)).toBe(false);
    expect(canAttributeLot({ ...base, crmValidated: true })).toBe(true);
    expect(canAttributeLot({ ...base, candidacyAgencyId: 2 })).toBe(true);
    expect(canAttributeLot({ ...base, multiAgency: true })).toBe(true);
    expect(canAttributeLot({ ...base, crmUpdatedAt: null })).toBe(true);
  });
});
