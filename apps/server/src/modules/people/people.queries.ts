import {
  type Invitation,
  type NotaryDetails,
  PEOPLE_KIND_TYPES,
  PERSON_TYPES,
  type PeopleKindKey,
  type PersonOption,
  type PersonType,
  type PromotionArchitect,
  type PromotionBanker,
  type PromotionNotary,
  type PromotionPeople,
  type PromotionPerson,
} from '@promovente/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { answeredPage } from '../../db/page.js';
import { rowsOf } from '../../db/rows.js';
import { containsPattern } from '../../db/search.js';
import { avatarUrl, fullName } from '../users/index.js';

const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

const KIND_OF_TYPE = Object.fromEntries(Object.entries(PEOPLE_KIND_TYPES).map(([kind, type]) => [type, kind])) as Record<
  PersonType,
  PeopleKindKey
>;

const fullAddress = (row: Record<string, unknown>) => {
  const town = [textOrNull(row.zip), textOrNull(row.city)].filter(Boolean).join(' ');
  const parts = [textOrNull(row.address), town].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
};

const personOf = (row: Record<string, unknown>, withInvitation: boolean): PromotionPerson => {
  const names = { firstName: String(row.first_name), lastName: String(row.last_name) };
  const invitation: Invitation | null = withInvitation
    ? {
        password_set: row.password_set === true,
        sent_at: row.sent_at === null || row.sent_at === undefined ? null : new Date(Number(row.sent_at)).toISOString(),
      }
    : null;
  return {
    id: Number(row.id),
    first_name: names.firstName,
    last_name: names.lastName,
    full_name: fullName(names),
    email: String(row.email),
    phone: textOrNull(row.phone),
    profile_picture: avatarUrl(textOrNull(row.profile_picture)),
    invitation,
  };
};

const notaryDetailsOf = (row: Record<string, unknown>): NotaryDetails => ({
  iban: textOrNull(row.iban),
  bank_name: textOrNull(row.bank_name),
  bank_holder: textOrNull(row.bank_holder),
  address: textOrNull(row.address),
  zip: textOrNull(row.zip),
  city: textOrNull(row.city),
  full_address: fullAddress(row),
  secretary_gender: row.secretary_gender === 'M' || row.secretary_gender === 'F' ? row.secretary_gender : null,
  secretary_name: textOrNull(row.secretary_name),
  secretary_email: textOrNull(row.secretary_email),
  secretary_phone: textOrNull(row.secretary_phone),
});

/**
 * The five lists of a promotion's people in one statement (docs/performance.md#patterns-for-lists):
 * the promotion's row (so an empty promotion still answers its main broker), its members of the
 * five types through the promotion_user key, and, for admins, the last invitation of each (a
 * scalar subquery on password_resets_user_purpose_idx). Null when the promotion does not exist.
 */
export const peopleOf = async (db: Queryable, promotionId: number, withInvitations: boolean): Promise<PromotionPeople | null> => {
  const sentAt = withInvitations
    ? sql`(select extract(epoch from max(r.created_at)) * 1000 from password_resets r
          where r.user_id = u.id and r.purpose = 'invitation')::float8`
    : sql`null::float8`;
  const rows = await rowsOf(
    db,
    sql`
    select p.broker_id as main_broker_id, u.id, u.type, u.first_name, u.last_name, u.email, u.phone, u.profile_picture,
      u.iban, u.bank_name, u.bank_holder, u.office_name, u.address, u.zip, u.city,
      u.secretary_gender, u.secretary_name, u.secretary_email, u.secretary_phone,
      (u.password_hash is not null) as password_set, pu.main, ${sentAt} as sent_at
    from promotions p
    left join (promotion_user pu join users u on u.id = pu.user_id and u.type in (${sql.join(
      PERSON_TYPES.map((type) => sql`${type}`),
      sql`, `,
    )})) on pu.promotion_id = p.id
    where p.id = ${promotionId}
    order by u.last_name, u.first_name, u.id
  `,
  );
  if (rows.length === 0) return null;
  const people: PromotionPeople = {
    notaries: [],
    brokers: [],
    promoters: [],
    bankers: [],
    architects: [],
    main_broker_id: rows[0].main_broker_id === null ? null : Number(rows[0].main_broker_id),
  };
  for (const row of rows) {
    if (row.id === null || row.id === undefined) continue;
    const person = personOf(row, withInvitations);
    switch (KIND_OF_TYPE[row.type as PersonType]) {
      case 'notaries':
        people.notaries.push(Object.assign({}, person, notaryDetailsOf(row), { main: row.main === true }) satisfies PromotionNotary);
        break;
      case 'bankers':
        people.bankers.push(Object.assign({}, person, { bank_name: textOrNull(row.bank_name) }) satisfies PromotionBanker);
        break;
      case 'architects':
        people.architects.push(Object.assign({}, person, { office_name: textOrNull(row.office_name) }) satisfies PromotionArchitect);
        break;
      case 'brokers':
        people.brokers.push(person);
        break;
      case 'promoters':
        people.promoters.push(person);
        break;
    }
  }
  return people;
};

/**
 * A page of the people of one type, by name, with their total, in one statement: the pickers of
 * add-existing. `promotion` leaves out the people already attached to it (a primary-key probe
 * of promotion_user per candidate row).
 */
export const personOptionsPage = async (
  db: Queryable,
  type: PersonType,
  query: { search?: string; promotion?: number; page: number; pageSize: number },
): Promise<{ rows: PersonOption[]; total: number; page: number }> => {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const promotion = query.promotion ?? null;
  const page = await rowsOf(
    db,
    sql`
    with found as (
      select u.id, u.first_name, u.last_name, u.email, u.profile_picture from users u
      where u.type = ${type}
        and (${pattern}::text is null or u.first_name ilike ${pattern}::text or u.last_name ilike ${pattern}::text
          or u.email ilike ${pattern}::text or (u.first_name || ' ' || u.last_name) ilike ${pattern}::text
          or (u.last_name || ' ' || u.first_name) ilike ${pattern}::text)
        and (${promotion}::int is null
          or not exists (select 1 from promotion_user pu where pu.promotion_id = ${promotion}::int and pu.user_id = u.id))
    ),
    total as (select count(*)::int as total from found),
    clamped as (select ${answeredPage(query.page, sql`total`, query.pageSize)} as page from total),
    page as (
      select f.*, row_number() over () as position from (
        select * from found order by last_name, first_name, id
        limit ${query.pageSize}::int offset (select (page - 1) * ${query.pageSize}::int from clamped)
      ) f
    )
    select t.total, c.page as answered_page, pg.id, pg.first_name, pg.last_name, pg.email, pg.profile_picture
    from total t cross join clamped c left join page pg on true
    order by pg.position
  `,
  );
  const first = page[0];
  const rows: PersonOption[] = [];
  for (const row of page) {
    if (row.id === null || row.id === undefined) continue;
    rows.push({
      id: Number(row.id),
      full_name: fullName({ firstName: String(row.first_name), lastName: String(row.last_name) }),
      email: String(row.email),
      profile_picture: avatarUrl(textOrNull(row.profile_picture)),
    });
  }
  return { rows, total: Number(first?.total ?? 0), page: Number(first?.answered_page ?? 1) };
};
