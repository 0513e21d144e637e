import { describe, expect, it } from 'vitest';
import { demoPdf } from '../db/seed/contents.js';
import { pdfFonts, pdfPages, pdfText, UNICODE_NAME } from '../test/pdf-text.js';
import { PDF_FONT, renderPdf, writePageFooters } from './pdf.js';

describe('the PDF renderer (docs/decisions/024-files-read-in-any-tool.md)', () => {
  it('prints any name: the text reads back with pdftotext and every font is embedded', async () => {
    const pdf = await renderPdf({ info: { Title: UNICODE_NAME } }, (doc) => {
      doc.font(PDF_FONT.bold).fontSize(14).text(`Candidat : ${UNICODE_NAME}`);
      doc.font(PDF_FONT.regular).fontSize(10).text('Prix : 1’250’000 CHF – Zoë Ångström, Ørsted, Ğül, Čapek, Łódź, €');
    });
    const text = pdfText(pdf);
    expect(text).toContain(`Candidat : ${UNICODE_NAME}`);
    expect(text).toContain('Zoë Ångström, Ørsted, Ğül, Čapek, Łódź, €');
    const fonts = pdfFonts(pdf);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true, subset: true, unicode: true });
  });

  it('embeds in each document the glyphs it uses, the fonts being parsed once for all documents, written at once', async () => {
    const texts = ['Zoë Ångström à Genève', 'Łódź, Čapek et Ğül', 'Prix : 1’250’000 CHF – €'];
    const pdfs = await Promise.all(
      texts.map((line) =>
        renderPdf({ info: { Title: line } }, (doc) => {
          doc.font(PDF_FONT.bold).text(line);
          doc.font(PDF_FONT.regular).text(line.toUpperCase());
        }),
      ),
    );
    pdfs.forEach((pdf, index) => {
      expect(pdfText(pdf)).toContain(`${texts[index]}\n${texts[index].toUpperCase()}`);
      for (const font of pdfFonts(pdf)) expect(font, font.name).toMatchObject({ embedded: true, subset: true, unicode: true });
    });
    // Each document carries its own subset, not the glyphs the others used.
    const sizes = pdfs.map((pdf) => pdf.length);
    const alone = await renderPdf({ info: { Title: texts[0] } }, (doc) => {
      doc.font(PDF_FONT.bold).text(texts[0]);
      doc.font(PDF_FONT.regular).text(texts[0].toUpperCase());
    });
    expect(Math.abs(alone.length - sizes[0])).toBeLessThan(64);
  });

  it('numbers the pages in the footer', async () => {
    const pdf = await renderPdf({ info: { Title: 'Pages' }, bufferPages: true }, (doc) => {
      doc.text('Première page');
      doc.addPage().text('Deuxième page');
      doc.addPage().text('Troisième page');
      writePageFooters(doc, (page, count) => `Page ${page} / ${count}`);
    });
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(3);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} / 3`);
    });
  });

  it('writes the demo documents in the embedded font too', async () => {
    const pdf = await demoPdf({
      title: 'Descriptif de construction',
      promotion: { title: 'Résidence Łąka', city: 'Zürich', zip: '8001' },
      paragraphs: [`Rédigé par ${UNICODE_NAME}.`],
      brochure: { lots: [{ reference: 'A-1', title: 'Appartement Ørsted', nbRooms: 3.5, areaHab: 82, rawPrice: 950_000, price: 950_000 }] },
      date: new Date('2026-11-26T10:00:00Z'),
    });
    const text = pdfText(pdf);
    expect(text).toContain('Résidence Łąka');
    expect(text).toContain(`Rédigé par ${UNICODE_NAME}.`);
    expect(text).toContain('Appartement Ørsted');
    expect(pdfFonts(pdf).every((font) => font.embedded)).toBe(true);
  });
});
