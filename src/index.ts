// Folio's public API: the one module surfaces (adapters/, src/cli/) import. Everything else in src/ is
// the core's own; a test (test/architecture/import-boundary.test.ts) keeps it that way.

export { createFolio } from './folio.ts';
export type { FolioOverrides } from './folio.ts';
export type { Feedback, Folio, IngestFilesOptions, ModelsInUse, SpaceScope, SubmitDocumentInput, SubmittedDocument, SurfaceState } from './folio-api.ts';

export { reindexData } from './reindex-data.ts';
export type { ReindexEvent, ReindexOutcome } from './reindex-data.ts';

export { loadConfig } from './config.ts';
export type { Config, SlackConfig, TeamsConfig } from './config.ts';

export { asFolioError, FolioError, storageFullError } from './errors.ts';
export type { FolioErrorCode } from './errors.ts';
export { createLogger, silentLogger } from './log.ts';
export type { Logger } from './log.ts';

export { parseSpaceId } from './spaces/space-id.ts';
export type { SpaceId } from './spaces/space-id.ts';
export { parseConversationSpace, spaceOfConversation, teamSpaceOf } from './spaces/conversation-space.ts';
export { parseSpaceSettingsPatch } from './spaces/space-settings.ts';
export type { AnswerDelivery, SpaceSettings } from './spaces/space-settings.ts';
export type { ConversationAddress, ConversationPlace, ConversationSpace } from './spaces/conversation-space.ts';

export { checkedQuestion } from './answer/check-question.ts';
export { markerNumbers } from './answer/citation-markers.ts';
export type { Answer, AskEvent, AskInput, Citation, CitedQuote, ContextEntry, ConversationTurn } from './answer/types.ts';
export { documentNames } from './conversation/ask-outcome.ts';
export { plainChatText, renderChatText } from './conversation/chat-text.ts';
export { chatCommandWords, parseChatCommand } from './conversation/chat-command.ts';
export type { ChatCommand } from './conversation/chat-command.ts';
export type { ChatText } from './conversation/chat-text.ts';
export type { AskOutcome, ConversationDocuments } from './conversation/ask-outcome.ts';
export type { ConversationAskInput } from './conversation/ask-in-conversation.ts';

export { cleanDocumentName } from './documents/document-name.ts';
export type { DocumentRecord, DocumentSource } from './documents/types.ts';
export type { ForgetOutcome } from './forget-document.ts';
export type { ForgetSpaceOutcome } from './forget-space.ts';
export { pageLinkValid } from './documents/page-link.ts';
export { citedPage } from './documents/page-highlight.ts';
export { allPageNames, namePage, namePageRange, namePages, pageCountLabel, pageNamesOf, type PageNames } from './documents/page-names.ts';
export type { IngestFileInput, IngestOutcome } from './ingest/ingest-files.ts';
export type { IngestEvent } from './ingest/types.ts';
export type { DocumentTree, TreeNode } from './documents/document-tree.ts';
export type { IngestStage, IngestStats } from './documents/types.ts';
export type { IngestJob, IngestJobEvent, QueueCounts } from './queue/types.ts';
export type { SearchResult } from './search/types.ts';

export { readEvalSet } from './search/evaluation/eval-set.ts';
export type { EvalSet } from './search/evaluation/eval-set.ts';
export type { EvalScope } from './search/evaluation/run-eval.ts';
export type { MetricsReport, PageHitMetrics } from './search/evaluation/page-hit-metrics.ts';
export type { AnswerMetrics, AnswerReport } from './answer/evaluation/answer-metrics.ts';

export { listLocalModels, setUpLocalModels } from './models/local-fetch/local-models-setup.ts';
export type { LocalModelListing, LocalModelsSetup, LocalModelsSetupEvent } from './models/local-fetch/local-models-setup.ts';
