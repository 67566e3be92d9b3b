/**
 * The certificate's fonts and how a line of text is set in them. DejaVu Sans (the certificate's
 * look) draws Latin, Greek, Cyrillic, Armenian, Georgian and Hebrew; Noto Sans Arabic, Noto Sans
 * Devanagari and Noto Sans SC, JP and KR draw the other scripts people write their names in.
 * Each piece of a line (a run) is set in the first font that has its glyphs, runs are ordered
 * by the Unicode bidirectional algorithm (bidi-js), and fontkit shapes each run (joined Arabic
 * letters, Devanagari conjuncts) and lays a right-to-left run out from right to left. pdfkit
 * embeds only the glyphs used.
 *
 * The Noto fonts come from Fontsource packages, which cut each font into files by Unicode
 * range (CJK into about a hundred files of a few hundred characters): a character is looked up
 * in the package's unicode.json and only its file is read. The deployed function carries a copy
 * of these files in `fonts/` beside its bundle (build.mjs), not the packages, which hold every
 * weight in two formats (over 200 MB for the three CJK ones).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';

export type Weight = 'regular' | 'bold';

/** The Fontsource weights the certificate uses; build.mjs copies these files and no other. */
export const FONTSOURCE_WEIGHTS: Record<Weight, number> = { regular: 400, bold: 700 };

/**
 * One font file: `key` names it to pdfkit; `covers` says whether it has a character's glyph;
 * `ascender` is its height above the baseline per 1000 of the font size, as pdfkit places it.
 */
export interface Face {
  key: string;
  data: Buffer;
  covers: (codePoint: number) => boolean;
  ascender: number;
}

const bidi = bidiFactory();

/** A font package's file: the bundle's copy when deployed, else the installed package. */
const fontPath = (pkg: string, file: string): string => {
  const shipped = join(__dirname, 'fonts', pkg, file);
  return existsSync(shipped) ? shipped : require.resolve(`${pkg}/${file}`);
};

const faces = new Map<string, Face | null>();
const face = (key: string, pkg: string, file: string): Face | null => {
  if (!faces.has(key)) {
    let found: Face | null = null;
    try {
      const data = readFileSync(fontPath(pkg, file));
      const font = fontkit.create(data) as fontkit.Font;
      found = {
        key,
        data,
        covers: (codePoint) => font.hasGlyphForCodePoint(codePoint),
        ascender: (font.ascent * 1000) / font.unitsPerEm,
      };
    } catch {
      // A file listed in unicode.json but missing: the other fonts, then "?", stand in.
    }
    faces.set(key, found);
  }
  return faces.get(key) ?? null;
};

const dejavu = (weight: Weight) =>
  face(
    weight === 'bold' ? 'Body-Bold' : 'Body',
    'dejavu-fonts-ttf',
    weight === 'bold' ? 'ttf/DejaVuSans-Bold.ttf' : 'ttf/DejaVuSans.ttf',
  );

/** The certificate's own font (DejaVu Sans), named `Body` and `Body-Bold` to pdfkit. */
export const bodyFont = (weight: Weight): Face => {
  const found = dejavu(weight);
  if (!found) throw new Error(`The certificate's font (DejaVu Sans, ${weight}) is missing`);
  return found;
};

/** A Fontsource family: which file of it holds a character, by its unicode.json. */
const fontsource = (id: string) => {
  const pkg = `@fontsource/${id}`;
  let ranges: { from: number; to: number; subset: string }[] | undefined;
  const subsetOf = (codePoint: number) => {
    ranges ??= Object.entries(
      JSON.parse(readFileSync(fontPath(pkg, 'unicode.json'), 'utf8')) as Record<string, string>,
    ).flatMap(([subset, list]) =>
      list.split(',').map((range) => {
        const [from = 0, to = from] = range
          .trim()
          .replace(/^U\+/i, '')
          .split('-')
          .map((hex) => parseInt(hex, 16));
        return { from, to, subset: subset.replace(/[[\]]/g, '') };
      }),
    );
    return ranges.find((r) => codePoint >= r.from && codePoint <= r.to)?.subset;
  };
  return (codePoint: number, weight: Weight): Face | null => {
    const subset = subsetOf(codePoint);
    if (!subset) return null;
    const file = `files/${id}-${subset}-${FONTSOURCE_WEIGHTS[weight]}-normal.woff`;
    const found = face(`${id}-${subset}-${weight}`, pkg, file);
    return found?.covers(codePoint) ? found : null;
  };
};

const NOTO = {
  arabic: fontsource('noto-sans-arabic'),
  devanagari: fontsource('noto-sans-devanagari'),
  sc: fontsource('noto-sans-sc'),
  jp: fontsource('noto-sans-jp'),
  kr: fontsource('noto-sans-kr'),
};

/** Arabic letters go to Noto Sans Arabic, though DejaVu Sans has a simpler Arabic of its own. */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]/u;

/**
 * The fonts to try for a character, in order. A Han character has no script of its own to say
 * whether it is Chinese, Japanese or Korean, so the text around it decides: kana make it
 * Japanese, Hangul Korean, anything else Chinese (the glyph shapes differ by country).
 */
const fallbackFor = (text: string) => {
  const cjk = KANA.test(text)
    ? [NOTO.jp, NOTO.sc, NOTO.kr]
    : HANGUL.test(text)
      ? [NOTO.kr, NOTO.sc, NOTO.jp]
      : [NOTO.sc, NOTO.jp, NOTO.kr];
  const rest = [NOTO.arabic, NOTO.devanagari, ...cjk];
  return (codePoint: number, weight: Weight): Face | null => {
    const first = dejavu(weight);
    if (!ARABIC.test(String.fromCodePoint(codePoint)) && first?.covers(codePoint)) return first;
    for (const family of rest) {
      const found = family(codePoint, weight);
      if (found) return found;
    }
    return first?.covers(codePoint) ? first : null;
  };
};

/** Characters a font may lack without harm (joiners, direction marks, variation selectors). */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * What some font can draw: a character none has is printed in its compatibility form or
 * without its accents if that helps ("ǅ" as "Dž"), else as "?", never as an empty box; the
 * verification page shows the name as written.
 */
export const printable = (
  text: string,
  covers: (codePoint: number) => boolean = (codePoint) =>
    IGNORABLE.test(String.fromCodePoint(codePoint)) ||
    fallbackFor('')(codePoint, 'regular') !== null,
): string =>
  [...text]
    .map((c) => {
      const drawable = (s: string) => [...s].every((x) => covers(x.codePointAt(0) ?? 0));
      const compatible = c.normalize('NFKD');
      const candidates = [
        c,
        compatible.normalize('NFC'),
        compatible.replace(/[\u0300-\u036f]/g, ''),
      ];
      return candidates.find((candidate) => candidate && drawable(candidate)) ?? '?';
    })
    .join('');

/** A piece of a line in one font and one direction, in the order it is drawn. */
export interface Run {
  text: string;
  face: Face;
  rtl: boolean;
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
/** The scripts fontkit sets from right to left, and the characters it sees as of no script. */
const RTL_SCRIPT =
  /[\p{sc=Arab}\p{sc=Hebr}\p{sc=Syrc}\p{sc=Thaa}\p{sc=Cprt}\p{sc=Khar}\p{sc=Phnx}\p{sc=Nkoo}\p{sc=Lydi}\p{sc=Avst}\p{sc=Armi}\p{sc=Phli}\p{sc=Prti}\p{sc=Sarb}\p{sc=Orkh}\p{sc=Samr}\p{sc=Mand}\p{sc=Merc}\p{sc=Mero}\p{sc=Mani}\p{sc=Mend}\p{sc=Nbat}\p{sc=Narb}\p{sc=Palm}\p{sc=Phlp}]/u;
const NO_SCRIPT = /[\p{sc=Zyyy}\p{sc=Zinh}\p{sc=Zzzz}]/u;
const LETTER = /[\p{L}\p{M}\p{N}]/u;

/**
 * A line's runs from left to right. Each grapheme (a letter with its marks) takes the font that
 * has all of it, a space or a punctuation mark the font of what precedes it when it can; the
 * levels of the bidirectional algorithm give each run its direction and the runs their order.
 */
export function layoutRuns(text: string, weight: Weight, direction: 'ltr' | 'rtl' | 'auto'): Run[] {
  const fontFor = fallbackFor(text);
  const anyFont = (codePoint: number) =>
    IGNORABLE.test(String.fromCodePoint(codePoint)) || fontFor(codePoint, weight) !== null;
  const drawable = [...graphemes.segment(text)]
    .map(({ segment }) => printable(segment, anyFont))
    .join('');
  const { levels } = bidi.getEmbeddingLevels(drawable, direction);

  const logical: (Run & { level: number })[] = [];
  let offset = 0;
  for (const { segment } of graphemes.segment(drawable)) {
    const level = levels[offset] ?? 0;
    offset += segment.length;
    const needed = [...segment]
      .map((c) => c.codePointAt(0) ?? 0)
      .filter((cp) => !IGNORABLE.test(String.fromCodePoint(cp)));
    const previous = logical[logical.length - 1];
    const fits = (f: Face | null | undefined): f is Face => !!f && needed.every(f.covers);
    const chosen =
      !LETTER.test(segment) && fits(previous?.face)
        ? previous.face
        : (needed.map((cp) => fontFor(cp, weight)).find(fits) ?? dejavu(weight));
    if (!chosen) continue;
    // Characters the chosen font lacks and may do without (joiners, direction marks).
    const kept = [...segment]
      .filter((c) => !IGNORABLE.test(c) || chosen.covers(c.codePointAt(0) ?? 0))
      .join('');
    if (previous && previous.face === chosen && previous.level === level) previous.text += kept;
    else logical.push({ text: kept, face: chosen, level, rtl: level % 2 === 1 });
  }

  // The bidirectional algorithm's rule L2, on runs: from the highest level down to the lowest
  // odd one, every sequence of runs at that level or above is reversed.
  const visual = [...logical];
  const max = Math.max(0, ...visual.map((r) => r.level));
  const lowestOdd = Math.min(...visual.map((r) => r.level | 1), max + 1);
  for (let level = max; level >= lowestOdd; level--) {
    for (let i = 0; i < visual.length;) {
      if (visual[i]!.level < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < visual.length && visual[end]!.level >= level) end++;
      visual.splice(i, end - i, ...visual.slice(i, end).reverse());
      i = end;
    }
  }
  return visual.map(({ text: runText, face: runFace, rtl }) => {
    // fontkit lays a run out from right to left when its first letter is of a right-to-left
    // script, whatever the levels say: a run it would set the other way than its level (spaces
    // between right-to-left words, Arabic-Indic digits in their left-to-right number) is
    // reversed here first, and in a right-to-left run a bracket is mirrored.
    const first = [...runText].find((c) => !NO_SCRIPT.test(c));
    const fontkitRtl = first !== undefined && RTL_SCRIPT.test(first);
    if (rtl === fontkitRtl) return { text: runText, face: runFace, rtl };
    const reversed = [...graphemes.segment(runText)]
      .map(({ segment }) => (rtl ? (bidi.getMirroredCharacter(segment) ?? segment) : segment))
      .reverse()
      .join('');
    return { text: reversed, face: runFace, rtl };
  });
}
