import { faqQuestions } from '../schema/index.js';
import type { Ctx } from './demo.js';
import { DAY } from './timeline.js';

/** The questions every promotion shows (global), written by the demo admin. */
const GLOBAL_QUESTIONS = [
  {
    question: 'Quels frais dois-je prévoir en plus du prix du lot ?',
    answer:
      "Comptez environ 3 à 5 % du prix pour les frais de notaire, les droits de mutation et l'inscription de la cédule hypothécaire au registre foncier. Votre notaire vous en remet le détail avant la signature de l'acte.",
  },
  {
    question: "Qu'est-ce que l'acompte de réservation ?",
    answer:
      "L'acompte de réservation bloque le lot choisi pendant la préparation de la promesse de vente. Il est versé sur le compte de consignation du notaire et déduit du prix lors de la signature de l'acte de vente.",
  },
];

/** Each demo promotion's own questions (the first list for 'Les Terrasses du Lac', the second for 'Quartier des Vergers'). */
export const PROMOTION_QUESTIONS = [
  [
    {
      question: 'Quand les travaux commenceront-ils ?',
      answer: "L'ouverture du chantier est prévue au printemps, une fois le permis de construire en force et 60 % des lots réservés.",
    },
    {
      question: 'Puis-je choisir mes finitions ?',
      answer:
        'Oui : un budget de finitions est compris dans le prix (sols, faïences, cuisine). Notre architecte vous reçoit pour vos choix ; les plus-values éventuelles vous sont soumises avant commande.',
    },
    {
      question: 'Les places de parc sont-elles comprises ?',
      answer: "Non, les places de parc intérieures sont vendues séparément, à 45'000 CHF la place.",
    },
    {
      question: "Comment visiter l'appartement témoin ?",
      answer: "L'appartement témoin est ouvert le samedi de 10 h à 16 h, ou sur rendez-vous auprès de votre courtier.",
    },
  ],
  [
    {
      question: 'Les villas sont-elles livrées avec un jardin aménagé ?',
      answer: 'Le jardin est livré engazonné, avec une haie de séparation et une terrasse dallée de 20 m².',
    },
    {
      question: 'Quel est le standard énergétique du quartier ?',
      answer: 'Toutes les constructions visent le label Minergie, avec pompe à chaleur et panneaux photovoltaïques en toiture.',
    },
    {
      question: 'Quand aura lieu la remise des clés ?',
      answer:
        "La remise des clés est prévue pour l'automne de l'année prochaine ; la date exacte vous sera confirmée trois mois à l'avance.",
    },
  ],
];

/**
 * The FAQ of the demo (docs/product/faq.md): two global questions and each demo promotion's own,
 * in the first copy only (the promotions of copy 1 are `firstPromotionId` and the next one).
 * No file: the demo's questions have no attachment.
 */
export const seedFaq = (ctx: Ctx, firstPromotionId: number) => {
  const { clock, ids, writer, users: u } = ctx;
  let age = 60;
  for (const q of GLOBAL_QUESTIONS) {
    writer.push(faqQuestions, {
      id: ids.next('faq_questions'),
      ...q,
      promotionId: firstPromotionId,
      global: true,
      createdById: u.admin,
      createdAt: clock.ago(age-- * DAY),
    });
  }
  PROMOTION_QUESTIONS.forEach((questions, index) => {
    const promotionId = firstPromotionId + index;
    for (const q of questions) {
      writer.push(faqQuestions, {
        id: ids.next('faq_questions'),
        ...q,
        promotionId,
        createdById: u.courtier,
        createdAt: clock.ago(age-- * DAY),
      });
    }
  });
};
