import { applicationProgressOf, dashboardQuerySchema, type HomeData } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { answerNow } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { signedFileUrl } from '../../platform/signed-url.js';
import { loadDashboard } from '../dashboard/dashboard.service.js';
import { maySeeFile } from '../files/candidacy-files.service.js';
import { homeSlides } from '../progress/progress.service.js';
import { avatarUrl, fullName } from '../users/index.js';
import { candidateApplications, comingSignings, homeHeader, notaryOpenTasks } from './home.queries.js';

/** The notary's home lists this many tasks and signings. */
const HOME_LIST_SIZE = 5;

/**
 * GET promotions/{id}/home (docs/product/home.md): the header, the broker and brochure cards and
 * the carousel for every reader, then what his type came for: the candidate his applications'
 * progress, the notary his open tasks and the coming signings, the investor the dashboard's
 * four status cards (the dashboard's own service).
 */
export const loadHome = async (db: Db, actor: RequestActor, promotionId: number, now = answerNow()): Promise<HomeData> => {
  await assertMemberOf(db, actor, promotionId);
  const header = await homeHeader(db, promotionId, actor.id);
  if (!header) throw notFound();
  const brochure = await brochureOf(db, actor, header.brochureFileId);
  const slides = await homeSlides(db, promotionId);
  const base: HomeData = {
    promotion: { id: header.id, title: header.title, logo: avatarUrl(header.logo) },
    broker: header.broker && {
      id: header.broker.id,
      full_name: fullName(header.broker),
      email: header.broker.email,
      phone: header.broker.phone,
      profile_picture: avatarUrl(header.broker.picture),
      own: header.broker.own,
    },
    brochure,
    slides,
    applications: null,
    notary: null,
    status_cards: null,
  };
  switch (actor.type) {
    case 'candidate':
      return { ...base, applications: (await candidateApplications(db, promotionId, actor.id)).map(applicationProgressOf) };
    case 'notary': {
      const { tasks, total } = await notaryOpenTasks(db, promotionId, actor.id, HOME_LIST_SIZE);
      return { ...base, notary: { tasks, tasks_total: total, signings: await comingSignings(db, promotionId, now, HOME_LIST_SIZE) } };
    }
    case 'investor': {
      const dashboard = await loadDashboard(db, actor, dashboardQuerySchema.parse({ promotion: promotionId }), now);
      return { ...base, status_cards: dashboard.status_cards };
    }
    default:
      return base;
  }
};

/** The brochure, when its library access flags let the reader see it (maySeeFile). */
const brochureOf = async (db: Db, actor: RequestActor, fileId: number | null) => {
  if (fileId === null) return null;
  const [file] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!file || !(await maySeeFile(db, actor, file))) return null;
  return { name: file.name, url: signedFileUrl(file.uuid) };
};
