/**
 * How a scripted model answers Folio's two calls, given what Folio sent it: the plan call (asks for JSON;
 * its prompt holds the question and the table of contents) and the answer call (its system prompt holds
 * the numbered passages). Pure functions of the request text, so the same behaviour drives an in-process
 * ScriptedLanguageModel and the fake Gemini/OpenAI servers.
 */
export interface ModelRequestText {
  /** The system prompt (the answer call's passages live here). */
  system?: string;
  /** The user turn (the plan call's question and table of contents live here). */
  prompt: string;
  /** True for the plan call (structured JSON output was asked for). */
  wantsJson: boolean;
}

export interface ContextPassageText {
  n: number;
  /** `document · p. N · section` as Folio labels it. */
  label: string;
  text: string;
}

/** The numbered passages of an answer prompt (`[n] name · p. N …` then the text, until the next one). */
export function passagesOf(system: string | undefined): ContextPassageText[] {
  const block = (system ?? '').split(/^Passages:\s*$/mu)[1] ?? '';
  const passages: ContextPassageText[] = [];
  for (const match of block.matchAll(/^\[(\d+)\] (.*)\n([\s\S]*?)(?=^\[\d+\] |(?![\s\S]))/gmu)) {
    passages.push({ n: Number(match[1]), label: match[2], text: match[3].trim() });
  }
  return passages;
}

/**
 * A valid plan for the question in a plan prompt. `pickAll` picks every section of the table of
 * contents (up to the planner's limit): the most any planner could pull into the answer prompt.
 */
export function planReply(prompt: string, options: { pickAll?: boolean } = {}): string {
  const question = /The question:\n(.*)\n/u.exec(prompt)?.[1]?.trim() || 'question';
  const picks: Array<{ doc: number; node: string }> = [];
  let doc = 0;
  for (const line of prompt.split('\n')) {
    const header = /^\[D(\d+)\] /u.exec(line);
    if (header) doc = Number(header[1]);
    const node = /^\s+(\d{4}) /u.exec(line);
    if (node && doc > 0) picks.push({ doc, node: node[1] });
  }
  const words = question.split(/\s+/u).filter(word => word.length > 3);
  return JSON.stringify({
    language: 'en',
    subQuestions: [question],
    tasks: [],
    variants: [words.slice(-4).join(' ') || question, words.slice(0, 4).join(' ') || question],
    hyde: [`The documents say this about ${question}`],
    picks: options.pickAll ? picks.slice(0, 8) : picks.slice(0, 2),
  });
}

/** Answers from passage [1] with one citation: what a well-behaved model does. */
export function citeFirstPassage(request: ModelRequestText): string {
  if (request.wantsJson) return planReply(request.prompt);
  const [first] = passagesOf(request.system);
  if (!first) return 'NOT_FOUND: the documents do not cover this.';
  return `According to ${first.label}: ${first.text.split('\n')[0]} [${first.n}]`;
}

/**
 * The worst case for isolation: repeats every passage it was given, each cited, so anything that reached
 * the prompt reaches the answer. Plans pick every section it can.
 */
export function parrotEverything(request: ModelRequestText): string {
  if (request.wantsJson) return planReply(request.prompt, { pickAll: true });
  const passages = passagesOf(request.system);
  if (passages.length === 0) return 'NOT_FOUND: nothing was given to me.';
  return passages.map(passage => `${passage.text.replace(/\s+/gu, ' ')} [${passage.n}]`).join('\n');
}
