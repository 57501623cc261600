import type { ClientCitation, ClientCitationIconName } from '@microsoft/agents-activity';
import type { Answer, Citation } from '../../../src/index.ts';
import { shorten } from '../../shared/shorten.ts';
import type { TeamsEntity, TeamsMessage } from '../cards/adaptive-card.ts';
import { escapeTeamsMarkdown, markdownForTeams } from '../teams-markdown.ts';
import { markersInOrder, renumberMarkers } from './citation-markers.ts';

/**
 * Teams' limits (learn.microsoft.com/microsoftteams/platform/bots/how-to/bot-messages-ai-generated-content):
 * at most 20 citations per message (more is a 400), a citation's name at most 80 characters and its
 * abstract at most 160. A message must stay under about 28 KB; these budgets keep an answer well below.
 */
const maxCitations = 20;
const nameMaxChars = 80;
const abstractMaxChars = 160;
const answerMaxChars = 12_000;
const figureMaxChars = 500;
const figuresShown = 5;

/** A cited source as Teams numbers it: `position` is the [n] in the message text, 1, 2, 3… in order of first use. */
export interface NumberedCitation {
  position: number;
  citation: Citation;
}

/**
 * An answer as one Teams message: the answer's Markdown with its markers renumbered 1..k (Teams needs
 * contiguous positions; the answer's own numbers are its context passages'), the figure descriptions it
 * used and its notes below it. The message carries the `https://schema.org/Message` entity with one
 * `Claim` per cited source (Teams shows them on the [n] markers and as the message's reference list)
 * and the AI label unless the answer only quotes the documents (the offline answer), and turns on Teams'
 * own 👍/👎 (`feedbackLoopEnabled`). Each claim's abstract is the cited section and the document's own
 * sentence the claim rests on (the citation's first quote). `links` are keyed by the citation's `n`:
 * a link that opens the cited page with the quoted lines marked (Folio.citationLink; absent when the
 * server has no public URL).
 */
export function answerMessage(answer: Answer, links: ReadonlyMap<number, string> = new Map()): TeamsMessage {
  const { text, cited } = numberCitations(answer);
  const answerText = shortenedAnswer(text);
  const parts = [answerText];
  for (const figure of answer.figures.slice(0, figuresShown)) {
    parts.push(
      `🖼️ **${escapeTeamsMarkdown(figure.title)}** (${escapeTeamsMarkdown(figure.document)} · ${escapeTeamsMarkdown(figure.pageLabel)}): ${escapeTeamsMarkdown(shorten(figure.description, figureMaxChars))}`,
    );
  }
  // An extractive answer says so in its own first line (the core writes it); notes say why an answer degraded.
  const notes = [...new Set(answer.notes)];
  if (notes.length > 0) parts.push(`_${escapeTeamsMarkdown(shorten(notes.join(' '), 1000))}_`);
  // A shortened answer may have lost its last markers; Teams lists only the claims the text uses.
  const claims = cited
    .filter(entry => answerText.includes(`[${entry.position}]`))
    .map(entry => claim(entry, entry.citation.quotes[0]?.text, links.get(entry.citation.n)));
  const entity = messageEntity({ aiGenerated: !answer.extractive, claims });
  // Every answer can be rated, "not found" too (the directions when nothing is ready are not answers).
  return { text: parts.join('\n\n'), ...(entity ? { entities: [entity] } : {}), channelData: { feedbackLoopEnabled: true } };
}

/**
 * The answer text with the cited sources numbered 1..k in order of first use (at most 20; markers of
 * any further source and of numbers no citation names are removed).
 */
export function numberCitations(answer: Answer): { text: string; cited: NumberedCitation[] } {
  const byNumber = new Map(answer.citations.map(citation => [citation.n, citation]));
  const used = markersInOrder(answer.answer).filter(n => byNumber.has(n));
  const ordered = [...new Set([...used, ...answer.citations.map(citation => citation.n)])].slice(0, maxCitations);
  const cited = ordered.map((n, index) => ({ position: index + 1, citation: byNumber.get(n)! }));
  const positions = new Map(cited.map(entry => [entry.citation.n, entry.position]));
  // A dropped marker leaves "word ." behind (the core tidies its own text the same way).
  const text = renumberMarkers(answer.answer, n => positions.get(n)).replace(/[ \t]+([.,;:!?])/gu, '$1');
  return { text, cited };
}

/** "handbook.pdf · pp. 4–5", the document name shortened so the whole fits Teams' 80 characters. */
export function citationName(citation: Citation): string {
  const pages = citation.pagesLabel;
  const room = Math.max(20, nameMaxChars - pages.length - 3);
  return shorten(`${shorten(citation.document, room)} · ${pages}`, nameMaxChars);
}

function claim({ position, citation }: NumberedCitation, excerpt: string | undefined, url: string | undefined): ClientCitation {
  const section = citation.titlePath.at(-1);
  const abstract = [section, excerpt].filter(Boolean).join(' — ') || citation.document;
  const icon = iconOf(citation.document);
  return {
    '@type': 'Claim',
    position,
    appearance: {
      '@type': 'DigitalDocument',
      name: citationName(citation),
      abstract: shorten(abstract.replace(/\s+/g, ' ').trim(), abstractMaxChars),
      ...(url ? { url } : {}),
      ...(icon ? { image: { '@type': 'ImageObject', name: icon } } : {}),
    },
  };
}

/** The one root message entity Teams allows (a second is a 400); none when it would say nothing. */
function messageEntity({ aiGenerated, claims }: { aiGenerated: boolean; claims: ClientCitation[] }): TeamsEntity | undefined {
  if (!aiGenerated && claims.length === 0) return undefined;
  return {
    type: 'https://schema.org/Message',
    '@type': 'Message',
    '@context': 'https://schema.org',
    '@id': '',
    ...(aiGenerated ? { additionalType: ['AIGeneratedContent'] } : {}),
    ...(claims.length > 0 ? { citation: claims } : {}),
  };
}

/** Teams' predefined citation icons, by file type. */
function iconOf(document: string): ClientCitationIconName | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(document)?.[1]?.toLowerCase() ?? '';
  if (extension === 'pdf') return 'PDF';
  if (['doc', 'docx', 'odt', 'rtf'].includes(extension)) return 'Microsoft Word';
  if (['ppt', 'pptx', 'odp'].includes(extension)) return 'Microsoft PowerPoint';
  if (['xls', 'xlsx', 'ods'].includes(extension)) return 'Microsoft Excel';
  return undefined;
}

function shortenedAnswer(text: string): string {
  const markdown = markdownForTeams(text.trim()) || '_(no answer text)_';
  return markdown.length > answerMaxChars ? `${shorten(markdown, answerMaxChars - 24)}\n\n_(answer shortened)_` : markdown;
}
