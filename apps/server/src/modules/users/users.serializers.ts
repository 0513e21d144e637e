import { type Broker, can } from '@promovente/shared';
import type { RequestActor } from '../../platform/auth.js';
import { avatarUrl, fullName } from './users.queries.js';

/**
 * What GET brokers, investors and pilots give of a member, by audience: the name and photo
 * to everyone who may list them, the e-mail and agency to those who contact them
 * (permission 'member.readContact'). A new field is added here, to one audience, on purpose.
 */
export type MemberAudience = 'contact' | 'name';

export type MemberName = Pick<Broker, 'id' | 'full_name' | 'profile_picture'>;

type MemberRow = { id: number; firstName: string; lastName: string; email: string; picture: string | null; agencyId: number | null };

export const memberAudienceOf = (actor: RequestActor): MemberAudience => (can(actor, 'member.readContact') ? 'contact' : 'name');

export const serializeMemberFor = (audience: MemberAudience, row: MemberRow): Broker | MemberName => {
  const name: MemberName = { id: row.id, full_name: fullName(row), profile_picture: avatarUrl(row.picture) };
  return audience === 'contact' ? { ...name, email: row.email, agency_id: row.agencyId } : name;
};
