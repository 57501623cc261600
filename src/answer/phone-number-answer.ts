/** Questions for a phone or fax number, in the languages Folio answers in: not "cell phone users" or "telephone surveys". */
const asksForNumber =
  /\b(?:(?:tele)?phone|fax)\s*(?:number|no\b\.?|#)|\b(?:telefon|fax|ruf|telefoon)nummer\b|\bnum[ée]ro\s+de\s+(?:t[ée]l[ée]phone|fax)\b|\btel\.?\s*(?:no|nr)\b/iu;

/** A label a model may set before the number ("Tel.: 136 773"). */
const label = /^(?:tel(?:ephone|efon)?|phone|fax|t[ée]l[ée]phone)\.?:?\s*/iu;
/** One phone number: digits with the spaces, dots, dashes, slashes and brackets numbers are written with, five digits at least. */
const phoneNumber = /^\+?\(?\d[\d\s()./–-]*\d$/u;
/** A date written with digits alone ("31/12/2018", "12/31/2018", "2018-12-31", "16.02.2017"): its digits are no phone number. */
function isDate(text: string): boolean {
  const parts = text.match(/^(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})$/u);
  if (!parts) return false;
  const [year, first, second] = parts[1].length === 4 ? [parts[1], parts[3], parts[4]] : [parts[4], parts[1], parts[3]];
  const [a, b] = [Number(first), Number(second)];
  return (year.length === 4 || year.length === 2) && a >= 1 && b >= 1 && Math.min(a, b) <= 12 && Math.max(a, b) <= 31;
}

/** Whether the question asks for a phone or fax number. */
export function asksForPhoneNumber(question: string): boolean {
  return asksForNumber.test(question);
}

/**
 * Whether a short answer is a phone number or several ("136 773", "+43 662 123 45-6", "0800 123 456
 * or 0800 654 321"): what a question asking for one must get. An account number, a date, a sentence or a name
 * given for it ("AT92 2040 4000 4096 8679 SBGSAT2SXXX" for "Wie lautet die Telefonnummer?") is not one.
 */
export function isPhoneNumberAnswer(answer: string): boolean {
  const parts = answer
    .trim()
    .replace(/[.;,]$/u, '')
    .split(/\s*(?:[,;]|\bor\b|\boder\b|\bof\b|\bou\b)\s*/u);
  return parts.every(part => {
    const number = part.replace(label, '');
    return phoneNumber.test(number) && !isDate(number) && (number.match(/\d/gu)?.length ?? 0) >= 5;
  });
}
