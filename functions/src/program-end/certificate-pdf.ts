/**
 * The certificate of recognition as a PDF (pdfkit, bundled by build.mjs like the rest): one
 * landscape A4 page with the holder's name, role, cohort, dates, sessions held, the public id
 * and the URL that verifies it. The text is real text (selectable, read by screen readers and
 * by the tests), in DejaVu Sans, embedded (only the glyphs used): a name is printed as written in
 * the Latin, Greek, Cyrillic, Armenian, Georgian and Hebrew scripts, Vietnamese included
 * ("Łukasz", "Nguyễn", "Дмитрий"), where the PDF standard fonts printed Windows-1252 only. A
 * document title and language are set.
 */
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import {
  formatDay,
  PARTICIPANT_ROLE_LABELS,
  PROGRAM,
  SESSIONS_PER_PAIR,
  certificatePagePath,
  type CertificateDoc,
} from '@mentorship/domain';

const longDate = formatDay;

/**
 * The fonts, read once per instance from the `dejavu-fonts-ttf` package (installed beside the
 * function from dist/package.json, like pdfkit; build.mjs keeps it external).
 */
const fontFile = (name: string): Buffer =>
  readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
let fonts: { regular: Buffer; bold: Buffer; covers: (codePoint: number) => boolean } | undefined;
const loadFonts = () => {
  if (!fonts) {
    const regular = fontFile('DejaVuSans.ttf');
    const bold = fontFile('DejaVuSans-Bold.ttf');
    const faces = [regular, bold].map((data) => fontkit.create(data) as fontkit.Font);
    fonts = {
      regular,
      bold,
      covers: (codePoint) => faces.every((face) => face.hasGlyphForCodePoint(codePoint)),
    };
  }
  return fonts;
};

/**
 * What the font can draw: a letter it lacks (Chinese, Japanese, Korean, Arabic, Devanagari...)
 * is printed in its compatibility form or without its accents if that helps, else as "?", never
 * as an empty box; the verification page shows the name as written.
 */
export const printable = (text: string, covers = loadFonts().covers): string =>
  [...text]
    .map((c) => {
      const drawable = (s: string) => [...s].every((x) => covers(x.codePointAt(0) ?? 0));
      // The letter itself; its compatibility form ("ǅ" as "Dž"); that without its accents.
      const compatible = c.normalize('NFKD');
      const candidates = [
        c,
        compatible.normalize('NFC'),
        compatible.replace(/[\u0300-\u036f]/g, ''),
      ];
      return candidates.find((candidate) => candidate && drawable(candidate)) ?? '?';
    })
    .join('');

export function certificatePdf(id: string, doc: CertificateDoc, siteUrl: string): Promise<Buffer> {
  const verifyUrl = `${siteUrl}${certificatePagePath(id)}`;
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      // The title is metadata (UTF-16 in the PDF): the name as written.
      Title: `Certificate of recognition: ${doc.fullName}`,
      Author: PROGRAM.name,
      Subject: `${doc.cohortName}, ${PARTICIPANT_ROLE_LABELS[doc.role]}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const { regular, bold } = loadFonts();
  pdf.registerFont('Body', regular);
  pdf.registerFont('Body-Bold', bold);
  const width = pdf.page.width - 112;
  pdf
    .rect(28, 28, pdf.page.width - 56, pdf.page.height - 56)
    .lineWidth(2)
    .stroke('#1a4f8b');
  pdf.moveDown(1.5);
  pdf.font('Body').fontSize(14).fillColor('#1a202c');
  pdf.text(PROGRAM.name, { align: 'center', width });
  pdf.moveDown(0.8);
  pdf.font('Body-Bold').fontSize(30).text('Certificate of recognition', { align: 'center' });
  pdf.moveDown(1);
  pdf.font('Body').fontSize(14).text('This certifies that', { align: 'center' });
  pdf.moveDown(0.4);
  pdf.font('Body-Bold').fontSize(26).text(printable(doc.fullName), { align: 'center' });
  pdf.moveDown(0.4);
  pdf
    .font('Body')
    .fontSize(14)
    .text(
      `completed ${printable(doc.cohortName)} as ${doc.role === 'mentor' ? 'a mentor' : 'a mentee'}`,
      {
        align: 'center',
      },
    );
  pdf.moveDown(1);
  pdf.fontSize(12);
  const lines = [
    `Role: ${PARTICIPANT_ROLE_LABELS[doc.role]}`,
    `Cohort: ${printable(doc.cohortName)}`,
    `Program: ${longDate(doc.programStart)} to ${longDate(doc.programEnd)}`,
    `Sessions held: ${doc.sessionsHeld} of ${SESSIONS_PER_PAIR}`,
    `Issued on: ${longDate(doc.issuedOn)}`,
  ];
  for (const line of lines) pdf.text(line, { align: 'center' });
  pdf.moveDown(1.2);
  pdf.fontSize(10).fillColor('#2d3748');
  pdf.text(`Certificate id: ${id}`, { align: 'center' });
  pdf.text(`Verify at: ${verifyUrl}`, { align: 'center', link: verifyUrl, underline: true });
  pdf.end();
  return done;
}
