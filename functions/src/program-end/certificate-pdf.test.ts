/**
 * The certificate PDF prints a name as written (embedded DejaVu Sans), read back as text the way
 * a screen reader or a copy-paste reads it; a letter the font lacks prints as "?", never as an
 * empty box. `printable` is also checked alone, with the font's real coverage.
 */
import { PDFParse } from 'pdf-parse';
import type { CertificateDoc } from '@mentorship/domain';
import { certificatePdf, printable } from './certificate-pdf';

const certificate = (fullName: string, cohortName = 'Fall 2027'): CertificateDoc =>
  ({
    fullName,
    role: 'student',
    cohortId: 'fall-2027',
    cohortName,
    programStart: '2027-09-01',
    programEnd: '2027-12-31',
    sessionsHeld: 7,
    issuedOn: '2028-01-05',
  }) as CertificateDoc;

const textOf = async (pdf: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.normalize('NFC');
  } finally {
    await parser.destroy();
  }
};

describe('certificate PDF', () => {
  it.each([
    'Łukasz Żółkiewski',
    'Nguyễn Thị Minh Khai',
    'Дмитрий Иванов',
    'Αλέξανδρος Παπαδόπουλος',
    'Siobhán Ní Bhriain-Øster',
    'Şükrü Çağlar',
  ])('prints %s as written', async (name) => {
    const pdf = await certificatePdf('c-1', certificate(name), 'https://example.org');
    const text = await textOf(pdf);
    expect(text).toContain(name);
    expect(text).toContain('Certificate of recognition');
    expect(text).toContain('Cohort: Fall 2027');
    expect(text).toContain('Verify at: https://example.org/certificates/c-1');
  });

  it('prints the name in the document title as written, too', async () => {
    const pdf = await certificatePdf('c-2', certificate('Łukasz Nguyễn'), 'https://example.org');
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      const info = await parser.getInfo();
      expect(info.info?.Title).toBe('Certificate of recognition: Łukasz Nguyễn');
    } finally {
      await parser.destroy();
    }
  });

  it('prints a letter the font lacks as "?", not as an empty box', async () => {
    const pdf = await certificatePdf('c-3', certificate('王小明 Li'), 'https://example.org');
    expect(await textOf(pdf)).toContain('??? Li');
  });
});

describe('printable', () => {
  it('keeps what the font draws, strips accents it cannot draw, else "?"', () => {
    expect(printable('Ærøskøbing Łódź Ђорђе')).toBe('Ærøskøbing Łódź Ђорђе');
    expect(printable('王 Li')).toBe('? Li');
    // A font without "ǅ" but with its letters: the bare form (NFKD) is drawn.
    const latinOnly = (codePoint: number) => codePoint < 0x0180;
    expect(printable('ǅ', latinOnly)).toBe('Dž');
    expect(printable('ｶ', latinOnly)).toBe('?');
  });
});
