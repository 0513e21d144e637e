import { ATTRIBUTION_MESSAGES } from '@promovente/shared';
import type { CommandHandlers } from '../commands/index.js';
import { attributeLot } from './attribution.js';

/** The attribution command; its entity, input and roles are in the shared command catalogue. */
export const ATTRIBUTION_COMMANDS = {
  /** attributeLot on a candidacy (docs/product/calls.md#command-dispatcher): lot_id, promotion_id, priority, candidacy_2_id. */
  attributeLot: async ({ tx, actor, target }, input) => {
    const { application, log } = await attributeLot(tx, actor, target.id, input);
    return { data: application, message: ATTRIBUTION_MESSAGES.attributed, log };
  },
} satisfies Partial<CommandHandlers>;
