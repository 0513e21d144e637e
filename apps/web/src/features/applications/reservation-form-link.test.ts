import { USER_TYPES } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { reservationFormLink } from './reservation-form-link';

describe("the funnel menu's link to the reservation form (docs/product/reservation-form.md#screens)", () => {
  const row = { public_id: '5b0c2a8e-8a4b-4d4e-9a0e-1f2b3c4d5e6f' };

  it("leads to the application's form by its public id", () => {
    expect(reservationFormLink(row, 'broker')).toBe('/candidate/form/5b0c2a8e-8a4b-4d4e-9a0e-1f2b3c4d5e6f');
  });

  it('is offered to the roles of the funnel that may open the form, not to architects', () => {
    const funnelRoles = ['broker', 'promoter', 'notary', 'banker', 'architect'] as const;
    expect(funnelRoles.filter((type) => reservationFormLink(row, type) !== null)).toEqual(['broker', 'promoter', 'notary', 'banker']);
    expect(USER_TYPES.filter((type) => reservationFormLink(row, type) !== null)).toEqual(
      USER_TYPES.filter((type) => ['candidate', 'broker', 'banker', 'promoter', 'notary'].includes(type)),
    );
    expect(reservationFormLink(row, undefined)).toBeNull();
  });
});
