import { pageCountLabel, type ChatText, type DocumentRecord, type Folio, type SpaceId } from '../../src/index.ts';
import { shorten } from './shorten.ts';

/**
 * The replies to `docs`, `status` and `forget <document>`, the same on every chat platform: lines of
 * ChatText (bold parts for names and labels), which each platform renders and joins. `words` are the
 * platform's own: what it calls the team-wide documents and how its users type a command.
 */
export interface OverviewWords {
  /** "workspace-wide" (Slack), "organisation-wide" (Teams). */
  teamWide: string;
  /** A command as the user types it here: "`/folio docs`", "**docs**". */
  command: (words: string) => string;
}

const documentsShown = 40;
const readingShown = 10;

/** `docs`: the documents of every space the conversation reads, each with its state. */
export async function documentsOverview(app: Folio, space: SpaceId, words: OverviewWords): Promise<ChatText[]> {
  const lines: ChatText[] = [];
  for (const readable of await app.readableSpaces(space)) {
    const records = [...(await app.listDocuments(readable))].sort((a, b) => a.name.localeCompare(b.name));
    const own = readable === space;
    if (records.length === 0) {
      if (own) lines.push([{ bold: 'Documents here' }, ': none yet. Share a PDF, PowerPoint or Word file in this conversation and I will read it.']);
      continue;
    }
    if (lines.length > 0) lines.push(['']);
    lines.push([{ bold: own ? 'Documents here' : `${capitalised(words.teamWide)} documents` }, ` (${records.length}):`]);
    lines.push(...records.slice(0, documentsShown).map(documentLine));
    if (records.length > documentsShown) lines.push([`…and ${records.length - documentsShown} more.`]);
  }
  return lines;
}

/** `status`: what is ready and being read here, the scope, and how answers are written. */
export async function spaceStatus(app: Folio, space: SpaceId, words: OverviewWords): Promise<ChatText[]> {
  const records = await app.listDocuments(space);
  const ready = records.filter(record => record.status === 'ready');
  const reading = records.filter(record => record.status !== 'ready' && record.status !== 'failed');
  const failed = records.length - ready.length - reading.length;
  const { includeTeam } = await app.getScope(space);
  const pages = ready.reduce((sum, record) => sum + record.pageCount, 0);
  const provider = app.config.models.provider;
  return [
    [{ bold: 'Documents here:' }, ` ${ready.length} ready, ${reading.length} being read, ${failed} failed.`],
    ...(pages > 0 ? [[`${pages} ${pages === 1 ? 'page' : 'pages'} in total.`]] : []),
    ...reading.slice(0, readingShown).map((record): ChatText => ['• reading ', { bold: record.name }, ` (${record.status})`]),
    [{ bold: 'Scope:' }, ` ${includeTeam ? `this conversation and the ${words.teamWide} documents` : 'this conversation only'}.`],
    [
      { bold: 'Answers:' },
      ` ${provider === 'offline' ? 'quoted from the documents (no language model configured)' : `written by a language model (${provider}), with page citations`}.`,
    ],
  ];
}

/** `forget <document>`: forgets it (by its name or id) and says so; asks which when none is named. */
export async function forgetNamedDocument(app: Folio, space: SpaceId, name: string, words: OverviewWords): Promise<ChatText> {
  if (!name.trim()) return [`Say which document: ${words.command('forget <name>')} (${words.command('docs')} lists them).`];
  const outcome = await app.forget(space, name.trim());
  return ['Forgot ', { bold: outcome.record.name }, ': it no longer answers questions here.'];
}

/** A title longer than this is cut in the list: it is there to recognise the document by. */
const titleShown = 80;

function documentLine(record: DocumentRecord): ChatText {
  if (record.status === 'ready')
    return [
      '• ',
      { bold: record.name },
      // Its printed title, which questions may name it by ("scan-0042.pdf" is "Bicycle Storage Guidelines").
      ...(record.title ? [` “${shorten(record.title, titleShown)}”`] : []),
      ` · ${pageCountLabel(record.pageCount, record.stats?.slides)}${record.stats ? `, ${record.stats.sections} sections` : ''}`,
    ];
  if (record.status === 'failed') return ['• ', { bold: record.name }, ` · could not be read${record.error ? `: ${shorten(record.error.message, 200)}` : ''}`];
  return ['• ', { bold: record.name }, ` · still being read (${record.status})`];
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
