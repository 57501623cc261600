/**
 * Years a question names ("in 2024", "from 2012 to 2017") that `mentions` says the documents never
 * state anywhere, in question order. An offline answer cannot tell a question about another year from
 * one about the documents' own year by word overlap (the rest of the question matches); a year the
 * documents never mention is the plain sign that they do not answer it.
 */
export function unmentionedYears(questions: string[], mentions: (year: string) => boolean): string[] {
  const years = [...new Set(questions.flatMap(question => [...question.matchAll(/(?<![\d.,])(?:1[89]|20)\d\d(?!\d|[.,]\d)/gu)].map(match => match[0])))];
  return years.filter(year => !mentions(year));
}
