/**
 * The certificate of recognition as a PDF (pdfkit, bundled by build.mjs like the rest): one
 * landscape A4 page with the holder's name, role, cohort, dates, sessions held, the public id
 * and the URL that verifies it. The text is real text (selectable, read by screen readers and
 * by the tests). A name is printed as written in the scripts people write their names in:
 * DejaVu Sans for Latin, Greek, Cyrillic, Armenian, Georgian and Hebrew ("Łukasz", "Nguyễn",
 * "Дмитрий"), Noto fonts for Chinese, Japanese, Korean, Arabic and Devanagari, each run of a
 * mixed name in a font that has it, a right-to-left name in its reading order
 * (certificate-pdf-fonts.ts); only the glyphs used are embedded. A document title and language
 * are set.
 */
import PDFDocument from 'pdfkit';
import {
  formatDay,
  PARTICIPANT_ROLE_LABELS,
  PROGRAM,
  SESSIONS_PER_PAIR,
  certificatePagePath,
  type CertificateDoc,
} from '@mentorship/domain';
import { bodyFont, layoutRuns, type Weight } from './certificate-pdf-fonts';

export { printable } from './certificate-pdf-fonts';

const longDate = formatDay;

/**
 * pdfkit shapes text word by word and puts the words side by side from left to right, which
 * breaks a right-to-left run; given a list of features (here none beyond the font's defaults)
 * it shapes the run whole.
 */
const WHOLE_RUN = { features: [] };

/**
 * One centred paragraph whose text may be in any script, from the current position, as
 * `pdf.text(text, { align: 'center' })` would set it in DejaVu Sans: the same size, baseline and
 * line height, so a Latin name looks as it always did, and the other fonts sit on that baseline.
 * Long text breaks between words; a word wider than the page makes the whole text smaller.
 */
function centredText(
  pdf: PDFKit.PDFDocument,
  text: string,
  options: { weight: Weight; size: number; direction: 'ltr' | 'auto'; width: number },
): void {
  const { weight, direction } = options;
  const left = pdf.x;
  const set = (line: string, size: number) =>
    layoutRuns(line, weight, direction).map((run) => {
      pdf.registerFont(run.face.key, run.face.data);
      pdf.font(run.face.key).fontSize(size);
      return { ...run, width: pdf.widthOfString(run.text, WHOLE_RUN) };
    });
  const widthOf = (line: string, size: number) =>
    set(line, size).reduce((sum, run) => sum + run.width, 0);

  const words = text.trim().split(/\s+/);
  const widest = Math.max(...words.map((word) => widthOf(word, options.size)));
  const size = widest > options.width ? (options.size * options.width) / widest : options.size;
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && widthOf(`${last} ${word}`, size) <= options.width) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }

  const body = bodyFont(weight);
  for (const line of lines) {
    pdf.font(body.key).fontSize(size);
    const top = pdf.y;
    const baseline = top + (body.ascender / 1000) * size;
    const lineHeight = pdf.currentLineHeight(true);
    const runs = set(line, size);
    let x = left + (options.width - runs.reduce((sum, run) => sum + run.width, 0)) / 2;
    for (const run of runs) {
      pdf.font(run.face.key).fontSize(size);
      pdf.text(run.text, x, baseline, { ...WHOLE_RUN, lineBreak: false, baseline: 'alphabetic' });
      x += run.width;
    }
    pdf.x = left;
    pdf.y = top + lineHeight;
  }
  pdf.font(body.key).fontSize(size);
}

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
  for (const face of [bodyFont('regular'), bodyFont('bold')]) pdf.registerFont(face.key, face.data);
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
  // The name's own direction: an Arabic name reads from the right even beside Latin letters.
  centredText(pdf, doc.fullName, { weight: 'bold', size: 26, direction: 'auto', width });
  pdf.moveDown(0.4);
  const role = doc.role === 'mentor' ? 'a mentor' : 'a mentee';
  const sentence = { weight: 'regular', direction: 'ltr', width } as const;
  centredText(pdf, `completed ${doc.cohortName} as ${role}`, { ...sentence, size: 14 });
  pdf.moveDown(1);
  pdf.fontSize(12);
  pdf.text(`Role: ${PARTICIPANT_ROLE_LABELS[doc.role]}`, { align: 'center' });
  centredText(pdf, `Cohort: ${doc.cohortName}`, { ...sentence, size: 12 });
  const lines = [
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
