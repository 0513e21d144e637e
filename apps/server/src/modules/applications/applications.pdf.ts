import {
  type ApplicationRow,
  formatArea,
  formatCHF,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatSwissDateTime,
  MILESTONE_LABELS,
  MILESTONES,
  SWISS_TIME_LABEL,
} from '@promovente/shared';
import type { candidacies, candidates } from '../../db/schema/index.js';
import { PDF_FONT, type PdfDocument, renderPdf, writePageFooters } from '../../platform/pdf.js';

type CandidacyRecord = typeof candidacies.$inferSelect;
type CandidateRecord = typeof candidates.$inferSelect;

/** Everything the sales file shows (docs/product/entities.md#application, docs/product/entities.md#candidate and docs/product/entities.md#candidacy-financing). */
export type SalesFile = {
  promotionTitle: string;
  application: ApplicationRow;
  associatedLots: { reference: string; type: string; name: string | null; area: number | null; price: number; included: boolean }[];
  /** The main candidacy first, then the partner's when there is one. */
  candidacies: { candidacy: CandidacyRecord; candidate: CandidateRecord }[];
  broker: { full_name: string; email: string; phone: string | null } | null;
};

const BRAND = '#1e3a8a';
const MUTED = '#475569';
const TEXT = '#0f172a';
const LABEL_WIDTH = 170;

const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : String(value));
const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? '-' : value ? 'Oui' : 'Non');

/** The application dates of docs/product/entities.md#application, as the sales file lists them. */
const DATES: { key: keyof ApplicationRow; label: string }[] = [
  { key: 'reservation_sent_at', label: 'Formulaire envoyé le' },
  { key: 'first_reservation_at', label: 'Formulaire rempli le' },
  { key: 'reservation_confirmed_at', label: 'Réservation confirmée le' },
  { key: 'reservation_deposit_confirmed_at', label: 'Acompte reçu le' },
  { key: 'promise_planned_at', label: 'Promesse prévue le' },
  { key: 'promise_signed_at', label: 'Promesse signée le' },
  { key: 'act_of_purchase_at', label: "Acte d'achat prévu le" },
  { key: 'act_of_purchase_signed_at', label: "Acte d'achat signé le" },
];

const GENDERS: Record<string, string> = { M: 'Homme', F: 'Femme' };

/** Writes the document: a title, then sections of label / value lines. */
const write = (doc: PdfDocument, file: SalesFile) => {
  const { application: a } = file;
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  const ensureSpace = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };
  const heading = (title: string) => {
    ensureSpace(60);
    doc.moveDown(0.8);
    doc.font(PDF_FONT.bold).fontSize(12).fillColor(BRAND).text(title, left, doc.y, { width });
    const y = doc.y + 2;
    doc
      .strokeColor(BRAND)
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
    doc.moveDown(0.5);
  };
  const subheading = (title: string) => {
    ensureSpace(40);
    doc.moveDown(0.3);
    doc.font(PDF_FONT.bold).fontSize(10).fillColor(TEXT).text(title, left, doc.y, { width });
    doc.moveDown(0.2);
  };
  const line = (label: string, value: string) => {
    doc.font(PDF_FONT.regular).fontSize(9);
    const height = Math.max(doc.heightOfString(value, { width: width - LABEL_WIDTH }), doc.heightOfString(label, { width: LABEL_WIDTH }));
    ensureSpace(height + 4);
    const y = doc.y;
    doc.fillColor(MUTED).text(label, left, y, { width: LABEL_WIDTH - 8 });
    doc.fillColor(TEXT).text(value, left + LABEL_WIDTH, y, { width: width - LABEL_WIDTH });
    doc.x = left;
    doc.y = y + height + 3;
  };

  doc.font(PDF_FONT.bold).fontSize(18).fillColor(BRAND).text(`Dossier de vente – Lot ${a.lot.reference}`, left, doc.y, { width });
  doc.font(PDF_FONT.regular).fontSize(11).fillColor(MUTED).text(file.promotionTitle, { width });
  doc.fontSize(9).text(`Statut : ${a.status_text} · Priorité : ${a.priority === 9 ? 'NP' : a.priority}`, { width });

  heading('Lot');
  line('Référence', a.lot.reference);
  if (a.lot.title) line('Titre', a.lot.title);
  line('Immeuble', a.lot.building);
  line('Étage', a.lot.floor);
  line('Pièces', formatDecimal(a.lot.nb_rooms, 1));
  line('Surface habitable', formatArea(a.lot.area_hab));
  line('Prix', formatCHF(a.lot.price));
  line('Prix total', formatCHF(a.lot.total_price));
  line('Prix négocié', a.negociated_price === null ? '-' : formatCHF(a.negociated_price));
  if (file.associatedLots.length === 0) {
    line('Lots associés', 'Aucun');
  } else {
    for (const lot of file.associatedLots) {
      const name = [lot.type, lot.name].filter(Boolean).join(' – ');
      const price = lot.included ? `${formatCHF(lot.price)} (inclus)` : formatCHF(lot.price);
      line(`Lot associé ${lot.reference}`, `${name}${lot.area ? `, ${formatArea(lot.area)}` : ''}, ${price}`);
    }
  }

  file.candidacies.forEach(({ candidacy, candidate }, index) => {
    heading(index === 0 ? 'Candidat 1' : 'Candidat 2');
    subheading('Identité');
    line('Nom', `${candidate.firstName} ${candidate.lastName}`.trim());
    if (candidate.maidenName) line('Nom de jeune fille', candidate.maidenName);
    line('Genre', GENDERS[candidate.gender] ?? dash(candidate.gender));
    line('Date de naissance', candidate.birthday ? formatDate(`${candidate.birthday}T12:00:00Z`) : '-');
    line('Lieu de naissance', dash(candidate.birthdayCity));
    line("Lieu d'origine", dash(candidate.placeOrigin));
    line('Permis de séjour', dash(candidate.establishmentPermit));
    line('État civil', dash(candidate.civilStatus));
    line('Profession', dash(candidate.job));
    line('N° AVS', dash(candidate.avs));
    line('Déjà propriétaire en Suisse', yesNo(candidate.alreadySwissOwner));
    if (candidate.companyName) {
      line('Société', [candidate.companyName, candidate.companyType].filter(Boolean).join(', '));
      line('Siège', dash(candidate.headOffice));
      line('Adresse de la société', dash(candidate.companyAddress));
    }
    subheading('Contact');
    line('E-mail', dash(candidate.email));
    line('Téléphone', dash(candidate.phone));
    if (candidate.phonePrivate) line('Téléphone privé', candidate.phonePrivate);
    if (candidate.phonePro) line('Téléphone professionnel', candidate.phonePro);
    line(
      'Adresse',
      [candidate.address, [candidate.zip, candidate.city].filter(Boolean).join(' '), candidate.country].filter(Boolean).join(', ') || '-',
    );
    subheading('Financement');
    if (candidacy.financialsUnavailable) line('Financement', 'Informations non disponibles');
    const financing: [string, number | null, string | null, string | null][] = [
      ['Hypothèque', candidacy.mortgageAmount, candidacy.mortgageBankName, candidacy.mortgageContactName],
      ['2e pilier', candidacy.secondPillarAmount, candidacy.secondPillarBankName, candidacy.secondPillarContactName],
      ['3e pilier', candidacy.thirdPillarAmount, candidacy.thirdPillarBankName, candidacy.thirdPillarContactName],
    ];
    for (const [label, amount, bank, contact] of financing) {
      const details = [bank, contact ? `contact : ${contact}` : null].filter(Boolean).join(', ');
      line(label, `${amount === null ? '-' : formatCHF(amount)}${details ? ` (${details})` : ''}`);
    }
  });

  heading('Avancement');
  for (const milestone of MILESTONES) {
    const text = a[`status_${milestone}`];
    const checked = a[`status_${milestone}_checked`];
    line(MILESTONE_LABELS[milestone], `${checked ? '[x]' : '[ ]'} ${dash(text)}`);
  }
  line('Solvabilité', a.solvent === null ? '-' : a.solvent ? 'Solvable' : 'Non solvable');

  heading(`Dates (${SWISS_TIME_LABEL})`);
  for (const { key, label } of DATES) {
    const value = a[key] as string | null;
    line(label, value ? formatDateTime(value) : '-');
  }

  heading('Courtier');
  line('Nom', file.broker?.full_name ?? '-');
  line('E-mail', dash(file.broker?.email));
  line('Téléphone', dash(file.broker?.phone));

  // Footer on every page: the generation date and the page number.
  const generated = `Généré le ${formatSwissDateTime(new Date())}`;
  writePageFooters(doc, (page, count) => `${generated} · Page ${page} / ${count}`, MUTED);
};

/** The sales file (docs/product/calls.md#direct-application-calls 'applications/{id}/pdf') as a PDF buffer. */
export const buildSalesFilePdf = (file: SalesFile): Promise<Buffer> =>
  renderPdf(
    {
      info: { Title: `Dossier de vente - Lot ${file.application.lot.reference}`, Author: 'Promovente', Subject: file.promotionTitle },
      bufferPages: true,
    },
    (doc) => write(doc, file),
  );
