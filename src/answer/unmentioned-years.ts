/** A year as a question writes it: 1800–2099, not part of a longer number, an amount or a decimal. */
const yearPattern = /(?<![\d.,])(?:1[89]|20)\d\d(?!\d|[.,]\d)/gu;

/**
 * The years the questions name ("in 2024", "from 2012 to 2017", "FY2021"), once each, in question order.
 * A year no document states is the plainest sign that the documents do not answer a question whose
 * other words they match (unmentioned-terms.ts).
 */
export function namedYears(questions: string[]): string[] {
  return [...new Set(questions.flatMap(question => [...question.matchAll(yearPattern)].map(match => match[0])))];
}
