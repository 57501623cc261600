import { foldWord } from './stopwords.ts';

/** A month of a year, as "2021-04". */
export type MonthYear = string;

/** Month names and their short forms in the languages Folio answers in (en, de, nl; fr and es alike). */
const monthNames: Record<string, number> = Object.fromEntries(
  [
    'january januar januari janvier enero jan',
    'february februar februari fevrier febrero feb',
    'march marz maerz maart mars marzo mar',
    'april avril abril apr',
    'may mai mei mayo',
    'june juni juin junio jun',
    'july juli juillet julio jul',
    'august augustus aout agosto aug',
    'september septembre septiembre sept sep',
    'october oktober octobre octubre oct okt',
    'november novembre noviembre nov',
    'december dezember decembre diciembre dec dez',
  ].flatMap((names, index) => names.split(' ').map(name => [name, index + 1] as const)),
);

/** True for a month's name or short form, folded ("march", "maart", "mars", "okt"). */
export function isMonthName(word: string): boolean {
  return monthNames[foldWord(word).replace(/\.$/u, '')] !== undefined;
}

const monthYear = (year: number, month: number): MonthYear | undefined =>
  month >= 1 && month <= 12 && year >= 1900 && year <= 2099 ? `${year}-${String(month).padStart(2, '0')}` : undefined;

/**
 * The months a text names with their year: "April 2021", "May 1, 2018", "vom 4. März 2021", "uit april
 * 2021", "Jul-2021". A month word without a year next to it ("you may…") names none.
 */
export function monthYearsWritten(text: string): Set<MonthYear> {
  const found = new Set<MonthYear>();
  for (const match of foldWord(text).matchAll(/\b(\p{L}{3,9})\.?[\s-]+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?(\d{4})\b/gu)) {
    const month = monthNames[match[1]];
    const value = month === undefined ? undefined : monthYear(Number(match[2]), month);
    if (value) found.add(value);
  }
  return found;
}

/**
 * The months a file name dates its document to, in any order its date may be written: "2021.04.22",
 * "20.07.30", "12.20.2017", "05-03-18", "040314", "Jul-2021". An ambiguous date gives each month it may
 * mean; a digest ("f8d3a162…") and a year with a form number ("2019_10K") give none.
 */
export function fileNameMonthYears(name: string): Set<MonthYear> {
  const stem = foldWord(name)
    .replace(/\.[a-z0-9]{1,5}$/u, '')
    .replace(/[0-9a-f]{16,}/gu, ' ');
  const found = new Set<MonthYear>(monthYearsWritten(stem.replace(/[_.]/gu, ' ')));
  const add = (year: number, month: number) => {
    const value = monthYear(year, month);
    if (value) found.add(value);
  };
  const alone = '(?![\\p{L}\\p{N}])';
  for (const match of stem.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])(\\d{4})[._-](\\d{2})(?:[._-]\\d{2})?${alone}`, 'gu')))
    add(Number(match[1]), Number(match[2]));
  for (const match of stem.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])(\\d{2})[._-](\\d{2})[._-](\\d{4}|\\d{2})${alone}`, 'gu'))) {
    const [first, second, last] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const year = match[3].length === 4 ? last : 2000 + last;
    add(year, first); // 05-03-18, 12.20.2017: month first
    add(year, second); // 20.12.2017: day first
    if (match[3].length === 2) add(2000 + first, second); // 20.07.30: year first
  }
  for (const match of stem.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])(\\d{2})(\\d{2})(\\d{2})${alone}`, 'gu'))) add(2000 + Number(match[3]), Number(match[1]));
  return found;
}
