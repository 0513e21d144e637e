import { threadMessages, threadReads, threads } from '../schema/index.js';
import type { CandidacyRec, Ctx } from './demo.js';
import { HOUR } from './timeline.js';

type Message = [senderId: number, content: string, hoursAgo: number];

/**
 * The messages area's demo (docs/product/messages.md): besides the threads of the candidate and
 * broker of 'Les Terrasses du Lac' (seedMessaging), a conversation for each kind of recipient,
 * in both demo promotions: a pilot and an investor, a notary and a broker, and the
 * 'Quartier des Vergers' candidate with her broker, one message of it not read yet.
 */
export const seedMessages = (ctx: Ctx, p1: { id: number }, p2: { id: number; pool: CandidacyRec[] }) => {
  const { clock, ids, writer, users: u } = ctx;
  const ago = (hours: number) => clock.ago(hours * HOUR);
  const thread = (
    promotionId: number,
    title: string,
    sides: { from: number; to: number; candidacyId?: number },
    messages: Message[],
    readHoursAgo: [userId: number, hoursAgo: number][],
  ) => {
    const id = ids.next('threads');
    writer.push(threads, {
      id,
      promotionId,
      title,
      createdById: sides.from,
      toId: sides.to,
      candidacyId: sides.candidacyId ?? null,
      lastMessageAt: ago(messages[messages.length - 1][2]),
      createdAt: ago(messages[0][2]),
    });
    for (const [senderId, content, hours] of messages) {
      writer.push(threadMessages, { id: ids.next('thread_messages'), threadId: id, senderId, content, createdAt: ago(hours) });
    }
    for (const [userId, hours] of readHoursAgo) writer.push(threadReads, { threadId: id, userId, lastReadAt: ago(hours) });
  };

  thread(
    p1.id,
    'Avancement du chantier',
    { from: u.pilot, to: u.investor },
    [
      [u.pilot, 'Bonjour,\n\nLe gros œuvre du bâtiment A est terminé, la toiture est posée. Le planning est tenu.', 96],
      [u.investor, 'Merci pour ce point. La mise en service du chauffage reste-t-elle prévue en octobre ?', 70],
      [u.pilot, 'Oui, les essais sont fixés à la deuxième semaine d’octobre.', 8],
    ],
    [
      [u.pilot, 8],
      [u.investor, 60],
    ],
  );
  thread(
    p1.id,
    'Procuration pour la signature',
    { from: u.notary, to: u.courtier },
    [
      [
        u.notary,
        'Bonjour Monsieur Favre,\n\nUn acquéreur sera représenté à la signature : merci de me faire parvenir la procuration légalisée.',
        140,
      ],
      [u.courtier, 'Bonjour Maître, je vous l’envoie dès réception, au plus tard vendredi.', 120],
    ],
    [
      [u.notary, 110],
      [u.courtier, 120],
    ],
  );

  const noemie = p2.pool.find((c) => c.candidate.userId === u.vergersCandidate);
  thread(
    p2.id,
    'Visite de l’appartement témoin',
    { from: u.vergersCandidate, to: u.vergersBroker, candidacyId: noemie?.row.id },
    [
      [u.vergersCandidate, 'Bonjour,\n\nSerait-il possible de visiter l’appartement témoin samedi matin ?\n\nNoémie Jaquet', 30],
      [u.vergersBroker, 'Bonjour Madame Jaquet, volontiers : samedi à 10 h sur place ?', 26],
      [u.vergersCandidate, 'Parfait, à samedi. Merci !', 4],
    ],
    [
      [u.vergersCandidate, 4],
      [u.vergersBroker, 26],
    ],
  );
  thread(
    p2.id,
    'Documents pour la promesse de vente',
    { from: u.vergersNotary, to: u.vergersBroker },
    [[u.vergersNotary, 'Bonjour,\n\nPour préparer les promesses de vente, il me manque le plan de situation signé. Merci d’avance.', 52]],
    [
      [u.vergersNotary, 52],
      [u.vergersBroker, 40],
    ],
  );
};
