import { randomUUID } from 'node:crypto';
import { defaultContextTokens, type AskConfig } from '../config.ts';
import type { ModelsConfig } from '../models/models-config.ts';
import { namePages } from '../documents/page-names.ts';
import { asFolioError, FolioError } from '../errors.ts';
import type { KnowledgeStore } from '../store/types.ts';
import type { Logger } from '../log.ts';
import type { LanguageModel, Models, ModelUsage } from '../models/types.ts';
import { keywordVariants, offlinePlan } from '../search/offline-plan.ts';
import { PageSearch } from '../search/page-search.ts';
import { prefetchSearch, type SearchPrefetch } from '../search/search-space.ts';
import { pagePassages } from '../search/page-passages.ts';
import type { QueryPlan } from '../search/types.ts';
import { answerWithModel } from './answer-with-model.ts';
import { checkedQuestion } from './check-question.ts';
import { contextEntries, toContextPassages } from './context-passage.ts';
import { detectLanguage, documentLanguage, readLanguage } from '../text/detect-language.ts';
import { defaultMinimumEvidence, extractiveAnswer, type ExtractiveAnswer } from './extractive-answer.ts';
import { keepsCarriedWords, offlineFollowUp } from './follow-up-question.ts';
import { answerMessages } from './messages.ts';
import { languageName } from '../text/language-names.ts';
import { recordLanguage } from '../documents/record-language.ts';
import { planQuestion } from './plan-question.ts';
import { groundModelAnswer } from './ground-model-answer.ts';
import { resolveCitations } from './resolve-citations.ts';
import { answeringPassages, strongMinimumEvidence, type AnsweringPassages } from './strong-evidence.ts';
import { answerByChoosing } from './answer-by-choosing.ts';
import type { KeyTerm } from './unmentioned-terms.ts';
import { modelBudgets } from './model-budgets.ts';
import { tableOfContents, type TableOfContents } from './table-of-contents.ts';
import { TreeCache } from './tree-cache.ts';
import { otherDocumentsLanguage, translateQuestion, translationLanguage } from './translate-question.ts';
import { search, searchOptions, tocDocuments } from './question-search.ts';
import { readContextTrees, readyRecords } from './read-context-trees.ts';
import type { Answer, AskInput } from './types.ts';

export interface AskDependencies {
  store: KnowledgeStore;
  models: Models;
  config: AskConfig;
  modelsConfig: Pick<ModelsConfig, 'promptMaxChars'>;
  log: Logger;
  /** Whole-page search of this question (one is made when absent). */
  pageSearch?: PageSearch;
  trees?: TreeCache;
}

/** A model step's failure in the words the asker sees; our own deadline reads as "did not answer in time". */
function modelFailure(error: unknown): FolioError {
  if ((error as { name?: string })?.name === 'TimeoutError') {
    return new FolioError({
      code: 'model_unavailable',
      message: 'model step deadline passed',
      userMessage: 'The language model did not answer in time.',
      retryable: true,
    });
  }
  return asFolioError(error);
}

/** The caller's signal, plus a deadline of our own (whose expiry is a model failure, not a cancel). */
function withDeadline(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const deadline = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

/** A compact plan reads no table of contents. */
const emptyToc: TableOfContents = { text: '', documents: [] };

/** Ranked pages the context is built from, best first. */
const contextPages = 10;

/**
 * A question → a grounded answer: plan (one model call, or rules offline), search (BM25, vectors, node
 * picks, fused into one ranking of pages), the context from the best pages, answer from those passages
 * only (one model call, streamed, or extractive offline), verify citations. Failures of the model
 * degrade to the offline path with a note; they never end in an empty or silent answer.
 */
export async function askQuestion(input: AskInput, askDependencies: AskDependencies): Promise<Answer> {
  const started = performance.now();
  const dependencies = { ...askDependencies, pageSearch: askDependencies.pageSearch ?? new PageSearch(askDependencies.store) };
  const log = dependencies.log.child({ correlationId: input.correlationId ?? randomUUID(), component: 'ask' });
  const question = checkedQuestion(input.question, dependencies.config.maxQuestionChars);
  const history = input.history ?? [];
  const trees = dependencies.trees ?? new TreeCache();
  const { models, store } = dependencies;
  const minimumEvidence = Math.max(dependencies.config.minimumEvidence ?? defaultMinimumEvidence, input.minimumEvidence ?? 0);
  // The bar at which the offline answer overrules a model's "not found" (strong-evidence.ts).
  const strongEvidenceBar = Math.max(minimumEvidence, strongMinimumEvidence);
  const notes: string[] = [];
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  let modelCalls = 0;
  let language = detectLanguage(question);
  const timings: Answer['timings'] = { planMs: 0, searchMs: 0, answerMs: 0, totalMs: 0 };
  const base = { id: randomUUID(), question, notes, figures: [], closest: [], extractive: !models.language } satisfies Partial<Answer>;
  let context: Answer['context'] = [];
  let plannedBy: Answer['plan'] = 'offline';
  // A follow-up ("and in 2022?") is searched with the words of the question before it; a model's plan
  // rewrites it from the history instead.
  const offlineRewrite = offlineFollowUp(question, history);
  let rewritten = offlineRewrite;
  const finish = (answer: Omit<Answer, 'id' | 'question' | 'notes' | 'usage' | 'modelCalls' | 'timings' | 'language' | 'context' | 'plan'>): Answer => {
    timings.totalMs = Math.round(performance.now() - started);
    log.info({ spaces: input.spaces, grounded: answer.grounded, modelCalls, timings, citations: answer.citations.length }, 'answered a question');
    return {
      ...base,
      ...answer,
      context,
      language,
      notes: [...new Set(notes)],
      plan: plannedBy,
      ...(rewritten ? { rewritten } : {}),
      usage,
      modelCalls,
      timings,
    };
  };

  const records = input.readyDocuments
    ? new Map(input.readyDocuments.filter(record => record.status === 'ready').map(record => [record.id, record]))
    : await readyRecords(store, input.spaces, input.documentIds);
  if (records.size === 0) {
    return finish({ answer: answerMessages(language).emptySpace, citations: [], figures: [], grounded: false, extractive: !models.language, closest: [] });
  }

  // 1. Plan, within what the model's speed allows (model-budgets.ts): how long a question waits for each
  // model step before it goes on without it (offline plan; extractive answer) is a setting.
  input.onEvent?.({ type: 'stage', stage: 'planning' });
  const rulesPlan = offlinePlan(offlineRewrite ?? question, { focused: input.documentIds !== undefined });
  let plan: QueryPlan = rulesPlan;
  let tasks: string[] = [];
  const planStarted = performance.now();
  let prefetched: SearchPrefetch | undefined;
  let answeringPromise: Promise<AnsweringPassages> | undefined;
  /** The question as a model said it in the documents' language, when it is searched so. */
  let translation: { text: string; language: string } | undefined;
  // A model that cannot be loaded fails its steps below, each with a note; the question still gets an answer.
  const speed = await models.language?.speed?.().catch(() => undefined);
  const budgets = modelBudgets(speed, dependencies.config);
  // A model that chooses its answer is not asked to plan a thread's first question: the rules plan it
  // as well on the development set (the same context recall) and its plan would take as long as its answer.
  // A follow-up is planned, for the model's rewrite of it from the thread.
  const modelPlans = budgets.plan !== 'none' && (budgets.answer === 'write' || history.length > 0);
  if (models.language && modelPlans) {
    try {
      const compact = budgets.plan === 'compact';
      const toc = compact
        ? emptyToc
        : tableOfContents(await tocDocuments(question, input.spaces, records, dependencies, trees), { maxChars: budgets.tocMaxChars });
      const planning = planQuestion({ question, history, toc }, models.language, {
        log,
        compact,
        maxOutputTokens: budgets.planMaxOutputTokens,
        signal: withDeadline(input.signal, budgets.planDeadlineMs),
      });
      // A thread's first question is always the plan's first sub-question, and its keywords the first
      // variants (toQueryPlan): their BM25 and vector lists are searched while the model plans.
      if (history.length === 0)
        prefetched = prefetchSearch(
          store,
          { keywordQueries: keywordVariants(question), subQuestions: [question.trim()] },
          searchOptions(input, dependencies, true),
        );
      const planned = await planning;
      modelCalls += planned.calls;
      addUsage(usage, planned.usage);
      // The rules' rewrite of a follow-up is searched second, after the model's own: a small model's
      // rewrite keeps "it" or "that image" where the rules put the previous question's words.
      plan = planned.plan;
      if (offlineRewrite) {
        const [own, ...others] = plan.variants;
        plan = { ...plan, variants: [...new Set([...(own ? [own] : []), ...rulesPlan.variants.slice(0, 1), ...others])] };
        // A rewrite that keeps none of the earlier question's words the rules carried over has lost what
        // the thread is about ("In welchem Jahrhundert wurden die Dokumente veröffentlicht?" for "In
        // welchem Jahrhundert war das?" after a question on English gentlemen): the rules' rewrite leads.
        if (!keepsCarriedWords(plan.subQuestions[0] ?? '', question, offlineRewrite))
          plan = { ...plan, subQuestions: [offlineRewrite, ...plan.subQuestions.filter(sub => sub !== offlineRewrite)] };
      }
      tasks = planned.tasks;
      rewritten = history.length > 0 && plan.subQuestions[0] && plan.subQuestions[0] !== question ? plan.subQuestions[0] : undefined;
      if (planned.language && /^[a-z]{2}$/u.test(planned.language) && !readLanguage(question).evident) language = planned.language;
      plannedBy = compact ? 'compact' : 'full';
    } catch (error) {
      input.signal?.throwIfAborted();
      const folioError = modelFailure(error);
      modelCalls += callsOf(error);
      log.warn({ code: folioError.code, err: folioError.message }, 'planning failed; using the offline plan');
      notes.push(`The question was planned without the language model (${folioError.userMessage})`);
    }
  }
  // A model that does not plan the question still says it in the documents' language when none is in its
  // own: their pages hold the translation's words, not the question's (translate-question.ts). The
  // translation is searched first and scores the quotes; the question's own words are searched after it.
  const translates = Boolean(models.language) && !modelPlans && readLanguage(question).evident;
  const theirs = translates ? translationLanguage(language, records.values()) : undefined;
  if (theirs) {
    const inTheirs = await translatedPlan(theirs);
    if (inTheirs) {
      ({ plan, rewritten } = inTheirs);
      translation = { text: inTheirs.rewritten, language: theirs };
    }
  }
  timings.planMs = Math.round(performance.now() - planStarted);
  input.onEvent?.({ type: 'plan', plan });

  // 2–4. Search, fuse into one ranking of pages, build the context from the best pages.
  input.onEvent?.({ type: 'stage', stage: 'searching' });
  const searchStarted = performance.now();
  let { passages, extractivePassages, contextTrees } = await gather(plan, prefetched);
  // Asked in German in a space of English reports that also holds a German script, the question is searched
  // as asked first: it may be about the script. Unless that finds a strong answer (the bar at which the
  // offline answer overrules a model's "not found"), it is also said in the other documents' language, and
  // the search whose best quote holds more of its question's words is kept: a German word or two the
  // script shares with the question is no answer.
  const others = translates && !theirs ? otherDocumentsLanguage(language, records.values()) : undefined;
  const asAskedEvidence = others ? await offlineEvidence() : 1;
  if (others && asAskedEvidence < strongEvidenceBar) {
    const inOthers = await translatedPlan(others);
    if (inOthers) {
      const asAsked = { plan, gathered: { passages, extractivePassages, contextTrees }, answering: answeringPromise };
      plan = inOthers.plan;
      translation = { text: inOthers.rewritten, language: others };
      ({ passages, extractivePassages, contextTrees } = await gather(plan));
      answeringPromise = undefined;
      const evidence = await offlineEvidence();
      log.info({ asAsked: asAskedEvidence, inOthers: evidence, into: others }, 'searched the question as asked and in the other documents’ language');
      if (evidence > asAskedEvidence) {
        rewritten = inOthers.rewritten;
        input.onEvent?.({ type: 'plan', plan });
      } else {
        ({ plan, answering: answeringPromise } = asAsked);
        ({ passages, extractivePassages, contextTrees } = asAsked.gathered);
        translation = undefined;
      }
    }
  }
  context = contextEntries(passages, language);
  timings.searchMs = Math.round(performance.now() - searchStarted);
  const closest = passages.slice(0, 3).map(passage => ({
    document: passage.documentName,
    pages: passage.pages,
    pagesLabel: namePages(passage.names, passage.pages, language),
    title: passage.titlePath.at(-1) ?? passage.documentName,
  }));
  const messages = () => answerMessages(language);
  // Closest passages (or, with none, documents that all share one language) in another language than
  // the question share few of its words: asked in theirs, it may be found.
  const closestLanguage = (): string => {
    if (passages.length > 0) return documentLanguage(passages.slice(0, 3).map(passage => passage.text));
    const languages = new Set([...records.values()].map(recordLanguage));
    return languages.size === 1 ? [...languages][0] : language;
  };
  const otherLanguage = (): string | undefined => {
    const closest = closestLanguage();
    return closest !== language ? messages().otherLanguage(languageName(closest, language)) : undefined;
  };
  const notFound = (reason?: string) =>
    finish({
      answer: [
        messages().notFound,
        reason ?? otherLanguage(),
        closest.length > 0
          ? `${messages().closest}\n${closest.map(section => `- ${section.document} · ${section.pagesLabel} · ${section.title}`).join('\n')}`
          : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
      citations: [],
      figures: [],
      grounded: false,
      extractive: !models.language,
      closest,
    });
  if (passages.length === 0) return notFound();

  // 5. Answer.
  input.onEvent?.({ type: 'stage', stage: 'answering' });
  const answerStarted = performance.now();
  if (models.language) {
    try {
      if (budgets.answer === 'choose') return await chosenByModel(models.language);
      const generated = await answerWithModel({ question, language, tasks, history, passages }, models.language, {
        promptMaxChars: dependencies.modelsConfig.promptMaxChars,
        log,
        maxOutputTokens: budgets.answerMaxOutputTokens,
        signal: withDeadline(input.signal, budgets.answerDeadlineMs),
        onText: input.onEvent ? delta => input.onEvent!({ type: 'text', delta }) : undefined,
      });
      modelCalls += 1;
      addUsage(usage, generated.usage);
      timings.answerMs = Math.round(performance.now() - answerStarted);
      if (generated.firstTokenMs !== undefined) {
        timings.firstTokenMs = Math.round(answerStarted - started + generated.firstTokenMs);
        log.info({ firstTokenMs: timings.firstTokenMs }, 'time to first answer token');
      }
      if (generated.droppedPassages > 0) notes.push(`${generated.droppedPassages} passages were left out to fit the model's prompt budget.`);
      // The offline answer, at a stricter bar than it answers on by itself (strong-evidence.ts).
      const strongEvidence = async () => {
        const quoted = await quote(strongEvidenceBar);
        return 'text' in quoted ? quoted : undefined;
      };
      if (generated.notFound) {
        // A small model says NOT_FOUND beside a page that plainly answers: strong evidence overrules it.
        const quoted = await strongEvidence();
        if (quoted) {
          log.warn('the model found no answer but the passages hold one; answering extractively');
          notes.push('The language model said the documents do not answer this, but they contain the passages quoted here.');
          return quotedAnswer(messages().modelNotFound, quoted.text);
        }
        return notFound(generated.text || undefined);
      }
      // Nothing at all (a safety stop, an exhausted token budget) is a model failure, not "not found":
      // the passages may well answer the question, so the extractive answer below is the better reply.
      if (!generated.text) throw emptyAnswer(models.language.id);
      const checked = groundModelAnswer(generated.text, passages, { language, trees: contextTrees, questions: [question, ...plan.subQuestions] });
      if (checked.invalid.length > 0) {
        log.warn({ invalid: checked.invalid, passages: passages.length }, 'the answer cited passages that do not exist; removed those markers');
        notes.push(`Removed citations to passages that do not exist: ${checked.invalid.map(n => `[${n}]`).join(' ')}`);
      }
      if (checked.pageMarkers.length > 0) log.info({ pages: checked.pageMarkers }, 'the answer cited page numbers; read them as the passages with those pages');
      if (checked.recited > 0) log.info({ recited: checked.recited }, 'claims cited anew with the passage that supports them');
      if (checked.dropped.length > 0) {
        // The claims' words stay out of the log (they may hold document text); their number and length do not.
        log.warn({ dropped: checked.dropped.length, chars: checked.dropped.map(claim => claim.length) }, 'left out claims no passage supports');
        log.debug({ dropped: checked.dropped }, 'the claims left out');
        notes.push(
          `Left out ${checked.dropped.length === 1 ? 'a statement' : `${checked.dropped.length} statements`} of the language model that the documents do not support.`,
        );
      }
      if (!checked.grounded) {
        // Nothing the model said is in the passages, so none of it can be shown. Beside strong evidence
        // (the bar that overrules a model's NOT_FOUND) the passages' own sentences answer instead.
        const quoted = await strongEvidence();
        if (quoted) {
          log.warn('no claim of the answer is supported by a passage, but the passages hold an answer; answering extractively');
          return quotedAnswer(messages().modelNotFound, quoted.text);
        }
        log.warn('no claim of the answer is supported by a passage; reporting not found');
        return notFound();
      }
      return finish({ answer: checked.text, citations: checked.citations, figures: checked.figures, grounded: true, extractive: false, closest: [] });
    } catch (error) {
      input.signal?.throwIfAborted();
      const folioError = modelFailure(error);
      log.warn({ code: folioError.code, err: folioError.message }, 'answering with the model failed; answering extractively');
      notes.push(folioError.userMessage);
      return extractive(answerMessages(language).modelDown);
    }
  }
  return extractive(messages().extractive);

  /** A slow model chooses the quotes that answer (answer-by-choosing.ts); no excerpt chosen is weighed as a written NOT_FOUND is. */
  async function chosenByModel(model: LanguageModel): Promise<Answer> {
    const answering = await answeringPassagesOnce();
    if ('unmentioned' in answering) return notFound(unmentionedReason(answering));
    const outcome = await answerByChoosing(
      { question, subQuestions: plan.subQuestions, language, history, passages: answering.passages, minimumEvidence },
      model,
      { log, signal: withDeadline(input.signal, budgets.answerDeadlineMs) },
    );
    if (outcome.kind === 'not-found') return notFound();
    if (outcome.kind === 'page') return quotedAnswer('', outcome.text);
    modelCalls += outcome.calls;
    addUsage(usage, outcome.usage);
    timings.answerMs = Math.round(performance.now() - answerStarted);
    if (outcome.kind === 'none-chosen') {
      // The offline answer it chose from, at the bar that overrules a written NOT_FOUND (strong-evidence.ts).
      if (outcome.offline.evidence < strongEvidenceBar) return notFound();
      log.warn('the model chose no quote but the passages hold an answer; answering extractively');
      return quotedAnswer(messages().modelNotFound, outcome.offline.text);
    }
    // Quotes alone say in the asker's language what they are: the documents' words, not Folio's answer.
    const text = outcome.shortAnswer ? outcome.text : `${messages().chosenQuotes}\n\n${outcome.text}`;
    const resolved = resolveCitations(text, extractivePassages, { trees: contextTrees, language });
    context = contextEntries(extractivePassages, language);
    timings.firstTokenMs = Math.round(performance.now() - started);
    input.onEvent?.({ type: 'text', delta: resolved.text });
    return finish({ answer: resolved.text, citations: resolved.citations, figures: resolved.figures, grounded: true, extractive: false, closest: [] });
  }

  /**
   * The plan of the question said in `into` (translate-question.ts): the translation is its sub-question
   * and its keywords are searched first, the question's own after them. Undefined when the model gives
   * no translation; the question is then searched as asked.
   */
  async function translatedPlan(into: string): Promise<{ plan: QueryPlan; rewritten: string } | undefined> {
    try {
      const translated = await translateQuestion({ question, into }, models.language!, {
        log,
        signal: withDeadline(input.signal, budgets.planDeadlineMs),
      });
      modelCalls += translated.calls;
      addUsage(usage, translated.usage);
      const inTheirs = offlinePlan(translated.text);
      return { plan: { ...inTheirs, variants: [...new Set([...inTheirs.variants, ...rulesPlan.variants])] }, rewritten: translated.text };
    } catch (error) {
      input.signal?.throwIfAborted();
      modelCalls += callsOf(error);
      log.warn({ err: asFolioError(error).message, into }, 'could not translate the question into the documents’ language; searching it as asked');
      return undefined;
    }
  }

  /**
   * The pages `searched` ranks (BM25, vectors, picks, fused), the model's context built from the best of
   * them, and the extractive answer's: a model's failure or a "not found" beside a page that answers
   * reads what an offline question reads; it costs milliseconds, and a context sized to a slow model's
   * reading speed would only hide pages it could quote.
   */
  async function gather(searched: QueryPlan, prefetch?: SearchPrefetch) {
    const ranked = (await search(searched, input, dependencies, notes, log, prefetch)).pages.filter(page => records.has(page.documentId));
    const pageTrees = await readContextTrees(ranked, records, store, contextPages);
    const passagesOf = (budgetTokens: number) =>
      toContextPassages(pagePassages(ranked, pageTrees, { budgetTokens, maxPages: contextPages, queries: searched.subQuestions }), records, pageTrees);
    const passages = passagesOf(budgets.contextTokens);
    const extractivePassages = !models.language || budgets.contextTokens >= defaultContextTokens ? passages : passagesOf(defaultContextTokens);
    return { passages, extractivePassages, contextTrees: pageTrees };
  }

  async function extractive(label: string): Promise<Answer> {
    const quoted = await quote(minimumEvidence);
    if (!('text' in quoted)) {
      timings.answerMs = Math.round(performance.now() - answerStarted);
      return notFound(quoted.reason);
    }
    return quotedAnswer(label, quoted.text);
  }

  /**
   * The offline answer's quotes at `minimumEvidence`, from the documents that hold everything the
   * question names (strong-evidence.ts); else why there are none (a term no document holds).
   */
  async function quote(minimumEvidence: number): Promise<{ text: string } | { reason?: string }> {
    const extracted = await offlineAnswer(minimumEvidence);
    if ('unmentioned' in extracted) return { reason: unmentionedReason(extracted) };
    return extracted.grounded ? { text: extracted.text } : {};
  }

  /** The share of the question's weighted words the offline answer's best quote holds (0 when a term is in no document). */
  async function offlineEvidence(): Promise<number> {
    const extracted = await offlineAnswer(minimumEvidence);
    return 'unmentioned' in extracted ? 0 : extracted.evidence;
  }

  /** The offline answer of the current plan at `minimum`, from the answering passages; or the terms no document holds. */
  async function offlineAnswer(minimum: number): Promise<ExtractiveAnswer | { unmentioned: KeyTerm[] }> {
    const answering = await answeringPassagesOnce();
    if ('unmentioned' in answering) return { unmentioned: answering.unmentioned };
    return extractiveAnswer(plan.subQuestions, answering.passages, { language, minimumEvidence: minimum });
  }

  function answeringPassagesOnce(): Promise<AnsweringPassages> {
    answeringPromise ??= answeringPassages({ question, passages: extractivePassages, language, spaces: input.spaces, translation }, dependencies);
    return answeringPromise;
  }

  function unmentionedReason(answering: { unmentioned: KeyTerm[] }): string | undefined {
    return answering.unmentioned.length > 0 ? messages().notMentioned(answering.unmentioned.map(term => term.text).join(', ')) : undefined;
  }

  function quotedAnswer(label: string, quoted: string): Answer {
    timings.answerMs = Math.round(performance.now() - answerStarted);
    const resolved = resolveCitations(quoted, extractivePassages, { trees: contextTrees, language });
    // Its citations number the passages it read.
    context = contextEntries(extractivePassages, language);
    return finish({
      answer: label ? `${label}\n\n${resolved.text}` : resolved.text,
      citations: resolved.citations,
      figures: resolved.figures,
      grounded: true,
      extractive: true,
      closest: [],
    });
  }
}

function emptyAnswer(model: string): FolioError {
  return new FolioError({
    code: 'model_output_invalid',
    message: `${model} returned an empty answer`,
    userMessage: 'The AI model returned an empty answer.',
    retryable: true,
  });
}

function addUsage(total: ModelUsage, add: ModelUsage): void {
  total.inputTokens += add.inputTokens;
  total.outputTokens += add.outputTokens;
}

/** Model calls a failed generateJson made (it attaches them to its error). */
function callsOf(error: unknown): number {
  const calls = (error as { calls?: unknown })?.calls;
  return typeof calls === 'number' ? calls : 1;
}
