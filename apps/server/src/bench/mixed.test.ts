import { describe, expect, it } from 'vitest';
import { dealSeats, type FloorMember, percentile, readsOf, seededRandom } from './mixed.js';

const member = (promotionId: number, n: number): FloorMember => ({
  email: `broker.${n}@scale`,
  promotionId,
  candidacyId: promotionId * 100 + n,
});

describe('the mixed phase of the bench (docs/performance.md)', () => {
  it('deals the seats one per promotion in turn, biggest first, so every promotion has readers', () => {
    const seats = dealSeats([[member(1, 1), member(1, 2), member(1, 3)], [member(2, 4)], [member(3, 5), member(3, 6)]], 5);
    expect(seats.map((s) => s.promotionId)).toEqual([1, 2, 3, 1, 3]);
  });

  it('stops when the promotions have no more members than seats asked', () => {
    expect(dealSeats([[member(1, 1)], [member(2, 2)]], 50)).toHaveLength(2);
  });

  it("reads the main screens of the user's promotion, sorted and on page 2", () => {
    const reads = readsOf(7, {
      lots: ['reference', 'price'],
      candidacies: ['status'],
      applications: ['lot', 'status', 'date', 'priority'],
    });
    expect(reads).toContain('/api/lots?promotion=7');
    expect(reads).toContain('/api/user');
    expect(reads).toContain('/api/applications?promotion=7&orderBy=date&order=desc');
    expect(reads).not.toContain('/api/applications?promotion=7&orderBy=priority&order=desc');
    expect(reads.every((path) => path === '/api/user' || path.includes('promotion=7'))).toBe(true);
  });

  it('reads percentiles by nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 0.5)).toBe(50);
    expect(percentile(samples, 0.95)).toBe(95);
    expect(percentile(samples, 0.99)).toBe(99);
    expect(percentile([], 0.95)).toBe(0);
  });

  it('draws about 1 write in 10 from the first draws of small seeds (one seed per connection)', () => {
    const firstDraws = Array.from({ length: 50 }, (_, seat) => seededRandom(seat + 1)());
    const writes = firstDraws.filter((x) => x < 0.1).length;
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThan(15);
    const one = seededRandom(1);
    const many = Array.from({ length: 10_000 }, () => one());
    expect(many.filter((x) => x < 0.1).length / many.length).toBeCloseTo(0.1, 1);
  });

  it('draws the same requests on every run', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const drawn = Array.from({ length: 5 }, () => a());
    expect(drawn).toEqual(Array.from({ length: 5 }, () => b()));
    expect(drawn.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
