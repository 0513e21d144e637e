import { describe, expect, it } from 'vitest';
import { ROOTS_OF_TABLE, rootsToRefresh } from './live-events';
import { SALES_QUERY_ROOTS } from './sales-queries';

describe('live events: what a change asks again (docs/architecture.md, Live events)', () => {
  it('asks again every screen of the sales floor when a lot or an application of the current promotion changes', () => {
    const roots = rootsToRefresh(
      [
        { what: 'lots', promotion: 3 },
        { what: 'applications', promotion: 3 },
      ],
      3,
    );
    for (const [root] of Object.values(SALES_QUERY_ROOTS)) expect(roots?.has(root)).toBe(true);
    expect(roots?.has('notifications')).toBe(false);
  });

  it("asks again only the bell for the user's own notification, the badges for his messages", () => {
    expect([...(rootsToRefresh([{ what: 'notifications' }], 3) ?? [])]).toEqual(['notifications']);
    expect([...(rootsToRefresh([{ what: 'thread_messages' }], 3) ?? [])].sort()).toEqual(['threads', 'user']);
  });

  it('shows a change of another promotion only on the promotions lists, and only for its record or members', () => {
    expect([...(rootsToRefresh([{ what: 'lots', promotion: 4 }], 3) ?? [])]).toEqual([]);
    expect([...(rootsToRefresh([{ what: 'promotions', promotion: 4 }], 3) ?? [])].sort()).toEqual(['promotions', 'user']);
  });

  it('asks again everything for a table it does not know, or a change of the current promotion itself', () => {
    expect(rootsToRefresh([{ what: 'a_new_table', promotion: 3 }], 3)).toBeNull();
    expect(rootsToRefresh([{ what: 'promotion_user', promotion: 3 }], 3)).toBeNull();
    expect(ROOTS_OF_TABLE.promotions).toBeNull();
  });

  it("applies the firm's shared data (scope 0) whatever the promotion on screen", () => {
    expect(rootsToRefresh([{ what: 'agencies', promotion: 0 }], 3)?.has('promotion-people')).toBe(true);
  });
});
