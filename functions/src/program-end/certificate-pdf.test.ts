/**
 * The certificate PDF prints a name as written, in whichever script, read back as text the way
 * a screen reader or a copy-paste reads it (pdf.js, through pdf-parse); a letter no font has
 * prints as "?", never as an empty box. `printable` is also checked alone, with the fonts' real
 * coverage.
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

  it.each([
    ['Chinese beside Latin', '王小明 Li'],
    ['Korean', '김민준'],
    ['Japanese', '山田 さくら'],
    ['Russian', 'Дмитрий'],
    ['Hindi (Devanagari, with a conjunct)', 'अनन्या'],
    ['Chinese with a rare name character', '张喆'],
  ])('prints a %s name as written: %s', async (_, name) => {
    const pdf = await certificatePdf('c-3', certificate(name), 'https://example.org');
    const text = await textOf(pdf);
    expect(text).toContain(`This certifies that\n${name}\n`);
    expect(text).not.toContain('?');
  });

  it('prints an Arabic name shaped, in its reading order', async () => {
    const name = 'محمد علي';
    const pdf = await certificatePdf('c-4', certificate(name), 'https://example.org');
    const text = await textOf(pdf);
    // Noto Sans Arabic draws some dots as marks of their own, which stand for no character:
    // pdf.js reads each as a control character (here on a line of its own). Without them the
    // reader gets the name in its logical order, as typed: pdf.js turns the right-to-left glyphs
    // back, which it would not do for letters drawn in the wrong order.
    const readable = text.replace(/\p{Cc}/gu, '');
    expect(readable).toContain(name);
    for (const letter of name.replace(' ', '')) expect(readable).toContain(letter);
    expect(text).not.toContain('?');
    // Shaped: the letters are drawn in their joined forms, from the Arabic font.
    expect(pdf.toString('latin1')).toContain('NotoSansArabic-Bold');
  });

  it('prints a name mixing scripts with each run in a font that has it', async () => {
    const pdf = await certificatePdf('c-5', certificate('Li محمد 王'), 'https://example.org');
    const text = (await textOf(pdf)).replace(/\p{Cc}/gu, '');
    expect(text).toContain('Li محمد 王');
    const fonts = pdf.toString('latin1');
    for (const font of ['DejaVuSans-Bold', 'NotoSansArabic-Bold', 'NotoSansSC']) {
      expect(fonts).toContain(font);
    }
  });

  it('prints a cohort name in any script too', async () => {
    const pdf = await certificatePdf('c-6', certificate('Ana', '2027 秋季'), 'https://example.org');
    const text = await textOf(pdf);
    expect(text).toContain('completed 2027 秋季 as a mentee');
    expect(text).toContain('Cohort: 2027 秋季');
  });

  it('embeds only the fonts a certificate uses, subset to its glyphs', async () => {
    const latin = await certificatePdf('c-7', certificate('Łukasz'), 'https://example.org');
    expect(latin.toString('latin1')).not.toContain('Noto');
    // Three CJK characters from three of the font's files: a few kilobytes each.
    const chinese = await certificatePdf('c-8', certificate('王小明'), 'https://example.org');
    expect(chinese.length).toBeLessThan(latin.length + 15_000);
  });
});

describe('printable', () => {
  it('keeps what some font draws, strips accents it cannot draw, else "?"', () => {
    expect(printable('Ærøskøbing Łódź Ђорђе 王 김 محمد अ')).toBe(
      'Ærøskøbing Łódź Ђорђе 王 김 محمد अ',
    );
    // No certificate font has Thai.
    expect(printable('สม Li')).toBe('?? Li');
    // A font without "ǅ" but with its letters: the bare form (NFKD) is drawn.
    const latinOnly = (codePoint: number) => codePoint < 0x0180;
    expect(printable('ǅ', latinOnly)).toBe('Dž');
    expect(printable('ｶ', latinOnly)).toBe('?');
  });
});
