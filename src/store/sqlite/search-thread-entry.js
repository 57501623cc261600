// Worker threads start from plain JavaScript: register tsx in this thread, then load the TypeScript
// worker (the same pattern as bin/folio.js and the parse workers). Works under tsx, vitest and plain node.
import { register } from 'tsx/esm/api';

register();
await import('./search-thread-worker.ts');
