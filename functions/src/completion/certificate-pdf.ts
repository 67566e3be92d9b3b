/**
 * The certificate of recognition as a PDF (pdfkit, bundled by build.mjs like the rest): one
 * landscape A4 page with the holder's name, role, cohort, dates, sessions held, the public id
 * and the URL that verifies it. The text is real text (selectable, read by screen readers and
 * by the tests), in the PDF standard fonts; a document title and language are set.
 */
import PDFDocument from 'pdfkit';
import {
  PARTICIPANT_ROLE_LABELS,
  PROGRAM,
  SESSIONS_PER_PAIR,
  certificatePagePath,
  type CertificateDoc,
} from '@mentorship/domain';

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The standard fonts encode Windows-1252 only: other letters lose their accents or become "?"
 * (the verification page shows the name as written). */
const WIN_ANSI = /[\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d]/;
const encodable = (text: string) =>
  [...text]
    .map((c) => {
      if (WIN_ANSI.test(c)) return c;
      const bare = c.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return [...bare].every((b) => WIN_ANSI.test(b)) ? bare : '?';
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
      Title: `Certificate of recognition: ${encodable(doc.fullName)}`,
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
  const width = pdf.page.width - 112;
  pdf
    .rect(28, 28, pdf.page.width - 56, pdf.page.height - 56)
    .lineWidth(2)
    .stroke('#1a4f8b');
  pdf.moveDown(1.5);
  pdf.font('Helvetica').fontSize(14).fillColor('#1a202c');
  pdf.text(PROGRAM.name, { align: 'center', width });
  pdf.moveDown(0.8);
  pdf.font('Helvetica-Bold').fontSize(30).text('Certificate of recognition', { align: 'center' });
  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(14).text('This certifies that', { align: 'center' });
  pdf.moveDown(0.4);
  pdf.font('Helvetica-Bold').fontSize(26).text(encodable(doc.fullName), { align: 'center' });
  pdf.moveDown(0.4);
  pdf
    .font('Helvetica')
    .fontSize(14)
    .text(`completed ${doc.cohortName} as ${doc.role === 'mentor' ? 'a mentor' : 'a mentee'}`, {
      align: 'center',
    });
  pdf.moveDown(1);
  pdf.fontSize(12);
  const lines = [
    `Role: ${PARTICIPANT_ROLE_LABELS[doc.role]}`,
    `Cohort: ${doc.cohortName}`,
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
