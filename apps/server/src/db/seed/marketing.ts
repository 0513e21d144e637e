import { toSwissDateAndTime } from '@promovente/shared';
import { campaigns, marketingReports } from '../schema/index.js';
import type { Ctx } from './demo.js';

const DAY = 86_400_000;

/**
 * The Marketing screen's demo (docs/product/marketing.md): a few campaigns of the promotion's
 * agencies (the second agency's only on the multi-agency promotion) and two weekly reports. No
 * campaign documents nor screenshots: the seed writes no stored file contents.
 */
export const seedMarketing = (ctx: Ctx, promotion: { id: number; multiAgency: boolean; agencies?: readonly [number, number?] }) => {
  const [firstAgency, secondAgency] = promotion.agencies ?? [1, 2];
  const { clock, ids, writer, users: u } = ctx;
  const day = (offset: number) => toSwissDateAndTime(new Date(clock.nowMs + offset * DAY)).date;
  const campaign = (values: {
    title: string;
    method: string;
    start: number;
    end: number | null;
    price: number;
    url?: string;
    comment?: string;
    agency?: 1 | 2;
  }) =>
    writer.push(campaigns, {
      id: ids.next('campaigns'),
      promotionId: promotion.id,
      agencyId: values.agency === 2 ? (secondAgency ?? firstAgency) : firstAgency,
      title: values.title,
      method: values.method,
      startAt: day(values.start),
      endAt: values.end === null ? null : day(values.end),
      price: values.price,
      url: values.url ?? null,
      comment: values.comment ?? null,
      createdById: values.agency === 2 ? u.courtier2 : u.courtier,
      createdAt: clock.ago((-values.start + 3) * DAY),
    });
  campaign({ title: 'Annonces Homegate', method: 'Portail immobilier', start: -90, end: 30, price: 3_600, url: 'www.homegate.ch' });
  campaign({
    title: 'Annonces ImmoScout24',
    method: 'Portail immobilier',
    start: -60,
    end: 60,
    price: 2_900,
    url: 'https://www.immoscout24.ch',
  });
  campaign({ title: 'Affichage gare', method: 'Affichage', start: -45, end: -15, price: 6_500, comment: 'Format F200, 12 faces' });
  campaign({ title: 'Portes ouvertes', method: 'Événement', start: -20, end: -19, price: 1_800, comment: 'Apéritif offert' });
  campaign({ title: 'Campagne Facebook', method: 'Réseaux sociaux', start: -30, end: null, price: 1_200 });
  if (promotion.multiAgency) {
    campaign({ title: 'Newsletter Cardis', method: 'E-mailing', start: -40, end: -10, price: 900, agency: 2 });
  }
  const report = (daysAgo: number, visits: number, future: number, positive: string, todo: string, problem: string) =>
    writer.push(marketingReports, {
      id: ids.next('marketing_reports'),
      promotionId: promotion.id,
      numberOfVisits: visits,
      numberOfFutureVisits: future,
      feedbackPositive: positive,
      feedbackTodo: todo,
      feedbackProblem: problem,
      createdById: u.courtier,
      createdAt: clock.ago(daysAgo * DAY),
    });
  report(
    14,
    18,
    4,
    'Les visiteurs apprécient la vue et les finitions.',
    'Relancer les visiteurs du samedi.',
    'Le chemin d’accès au chantier est boueux.',
  );
  report(
    7,
    26,
    6,
    'Deux couples très intéressés par les attiques.',
    'Préparer les plans des caves.',
    'Peu de places de parc pour les visites.',
  );
};
