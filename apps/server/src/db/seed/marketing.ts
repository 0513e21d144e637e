import { randomUUID } from 'node:crypto';
import { toSwissDateAndTime } from '@promovente/shared';
import { campaignFiles, campaigns, files, marketingReports } from '../schema/index.js';
import { type DemoDocument, demoPdf, demoVisitsScreenshot } from './contents.js';
import type { Ctx } from './demo.js';
import type { PromotionSpec } from './layout.js';

const DAY = 86_400_000;

/** The documents of a few campaigns (docs/product/marketing.md#fields), by campaign title. */
const CAMPAIGN_DOCUMENTS: Record<string, { name: string; paragraphs: (p: PromotionSpec) => string[] }> = {
  'Annonces Homegate': {
    name: 'Annonce Homegate.pdf',
    paragraphs: (p) => [
      `${p.title}, ${p.city} : appartements neufs de 2,5 à 5,5 pièces en PPE, dès ${p.pricePerM2[0].toLocaleString('fr-CH')} CHF le m².`,
      'Texte de l’annonce publiée sur le portail, avec six photos et le lien vers le site de la promotion.',
    ],
  },
  'Affichage gare': {
    name: 'Affiche F200 - gare.pdf',
    paragraphs: (p) => [
      `Affiche au format F200 pour la gare de ${p.city} : « ${p.title}, votre nouvel appartement à deux pas du lac ».`,
      'Douze faces réservées pendant un mois, visuel de la façade sud et numéro de téléphone du courtier.',
    ],
  },
  'Portes ouvertes': {
    name: 'Invitation portes ouvertes.pdf',
    paragraphs: (p) => [
      `Vous êtes cordialement invités aux portes ouvertes de ${p.title}, samedi de 10 h à 16 h, à l'appartement témoin.`,
      'Visites guidées toutes les demi-heures, présentation des plans et des finitions. Apéritif offert.',
    ],
  },
};

/**
 * The Marketing screen's demo (docs/product/marketing.md): a few campaigns of the promotion's
 * agencies (the second agency's only on the multi-agency promotion) and two weekly reports. With
 * a storage (the first copy of `npm run seed` and the server's first start), three campaigns carry
 * a real PDF document and each report a PNG screenshot of the visits (contents.ts); without one
 * (the test databases) there are no such files: a report's PDF embeds its screenshot, which must
 * then exist.
 */
export const seedMarketing = async (
  ctx: Ctx,
  promotion: { id: number; multiAgency: boolean; agencies?: readonly [number, number?]; files?: { spec: PromotionSpec } },
  /** Reports older than the demo's two that the caller adds (their N° come first). */
  earlierReports = 0,
) => {
  const [firstAgency, secondAgency] = promotion.agencies ?? [1, 2];
  const { clock, ids, writer, users: u } = ctx;
  const storage = promotion.files ? ctx.storage : undefined;
  const storedFile = async (name: string, mime: string, content: Buffer, createdAt: Date, createdById: number) => {
    const id = ids.next('files');
    writer.push(files, {
      id,
      uuid: randomUUID(),
      promotionId: promotion.id,
      name,
      mime,
      size: content.length,
      storageKey: await (storage as NonNullable<typeof storage>).put(content),
      owner: mime === 'application/pdf' ? 'campaign' : 'marketing_report',
      createdById,
      createdAt,
    });
    return id;
  };
  const day = (offset: number) => toSwissDateAndTime(new Date(clock.nowMs + offset * DAY)).date;
  const campaign = async (values: {
    title: string;
    method: string;
    start: number;
    end: number | null;
    price: number;
    url?: string;
    comment?: string;
    agency?: 1 | 2;
  }) => {
    const id = ids.next('campaigns');
    const createdById = values.agency === 2 ? u.courtier2 : u.courtier;
    const createdAt = clock.ago((-values.start + 3) * DAY);
    writer.push(campaigns, {
      id,
      promotionId: promotion.id,
      agencyId: values.agency === 2 ? (secondAgency ?? firstAgency) : firstAgency,
      title: values.title,
      method: values.method,
      startAt: day(values.start),
      endAt: values.end === null ? null : day(values.end),
      price: values.price,
      url: values.url ?? null,
      comment: values.comment ?? null,
      createdById,
      createdAt,
    });
    const document = CAMPAIGN_DOCUMENTS[values.title];
    if (!storage || !document) return;
    const content: DemoDocument = {
      title: document.name.replace(/\.pdf$/, ''),
      promotion: promotion.files?.spec as PromotionSpec,
      paragraphs: promotion.files ? document.paragraphs(promotion.files.spec) : [],
      date: createdAt,
    };
    const fileId = await storedFile(document.name, 'application/pdf', await demoPdf(content), createdAt, createdById);
    writer.push(campaignFiles, { campaignId: id, fileId });
  };
  await campaign({ title: 'Annonces Homegate', method: 'Portail immobilier', start: -90, end: 30, price: 3_600, url: 'www.homegate.ch' });
  await campaign({
    title: 'Annonces ImmoScout24',
    method: 'Portail immobilier',
    start: -60,
    end: 60,
    price: 2_900,
    url: 'https://www.immoscout24.ch',
  });
  await campaign({ title: 'Affichage gare', method: 'Affichage', start: -45, end: -15, price: 6_500, comment: 'Format F200, 12 faces' });
  await campaign({ title: 'Portes ouvertes', method: 'Événement', start: -20, end: -19, price: 1_800, comment: 'Apéritif offert' });
  await campaign({ title: 'Campagne Facebook', method: 'Réseaux sociaux', start: -30, end: null, price: 1_200 });
  if (promotion.multiAgency) {
    await campaign({ title: 'Newsletter Cardis', method: 'E-mailing', start: -40, end: -10, price: 900, agency: 2 });
  }
  let reportNumber = earlierReports;
  const report = async (daysAgo: number, visits: number, future: number, positive: string, todo: string, problem: string) => {
    const createdAt = clock.ago(daysAgo * DAY);
    // The site's visits over the two weeks before the report, busier at the weekends.
    const perDay = Array.from({ length: 14 }, (_, i) => 20 + ((i * 37 + visits * 11) % 45) + (i % 7 >= 5 ? 30 : 0));
    const screenshot = storage
      ? await storedFile(
          `Visites du site - ${toSwissDateAndTime(createdAt).date}.png`,
          'image/png',
          await demoVisitsScreenshot(`Visites du site ${(promotion.files?.spec.url ?? '').replace(/^https?:\/\//, '')}`, perDay),
          createdAt,
          u.courtier,
        )
      : null;
    reportNumber += 1;
    writer.push(marketingReports, {
      id: ids.next('marketing_reports'),
      promotionId: promotion.id,
      number: reportNumber,
      numberOfVisits: visits,
      numberOfFutureVisits: future,
      visitsReportFileId: screenshot,
      feedbackPositive: positive,
      feedbackTodo: todo,
      feedbackProblem: problem,
      createdById: u.courtier,
      createdAt,
    });
  };
  await report(
    14,
    18,
    4,
    'Les visiteurs apprécient la vue et les finitions.',
    'Relancer les visiteurs du samedi.',
    'Le chemin d’accès au chantier est boueux.',
  );
  await report(
    7,
    26,
    6,
    'Deux couples très intéressés par les attiques.',
    'Préparer les plans des caves.',
    'Peu de places de parc pour les visites.',
  );
};
