/**
 * Chinese, Japanese and Korean text has no spaces, so Weaviate's word tokenizer sees a whole sentence as
 * one token and "東京" never matches "東京都の人口は". Overlapping character bigrams are the classic
 * dictionary-free answer: "東京都" → "東京 京都". They are computed here, on both the stored text and
 * the query, and searched through a whitespace-tokenized property (Weaviate's gse/kagome tokenizers
 * would need server flags that a shared cluster may not have).
 */
const cjkCharacter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const cjkRun = new RegExp(`${cjkCharacter.source}+`, 'gu');

export function containsCjk(text: string): boolean {
  return cjkCharacter.test(text);
}

/** The bigrams of every CJK run in the text, space-separated; a one-character run stays as it is. */
export function cjkBigrams(text: string): string {
  const grams: string[] = [];
  for (const match of text.matchAll(cjkRun)) {
    const characters = [...match[0]];
    if (characters.length === 1) grams.push(characters[0]);
    for (let index = 0; index + 1 < characters.length; index += 1) grams.push(characters[index] + characters[index + 1]);
  }
  return grams.join(' ');
}
