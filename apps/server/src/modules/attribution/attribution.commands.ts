import { ATTRIBUTION_MESSAGES, attributeLotSchema, rolesWith } from '@promovente/shared';
import { defineCommand } from '../commands/index.js';
import { attributeLot as attribute } from './attribution.js';

/** attributeLot on a candidacy (spec part 1, 7): lot_id, promotion_id, priority, candidacy_2_id. */
export const attributeLot = defineCommand({
  name: 'attributeLot',
  entity: 'candidacy',
  roles: rolesWith('lot.attribute'),
  input: attributeLotSchema,
  run: async ({ tx, actor, target }, input) => {
    const { application, log } = await attribute(tx, actor, target.id, input);
    return { data: application, message: ATTRIBUTION_MESSAGES.attributed, log };
  },
});

export const APPLICATION_COMMANDS = [attributeLot];
