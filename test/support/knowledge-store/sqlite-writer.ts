// Child process for the SQLite concurrency test: commits `count` documents into one space of the
// data dir given on the command line, then prints how many it wrote. Run with `node --import tsx`.
import { SqliteKnowledgeStore } from '../../../src/store/sqlite/sqlite-knowledge-store.ts';
import type { SpaceId } from '../../../src/spaces/space-id.ts';
import { makeDocument } from '../../contract/knowledge-store-fixtures.ts';

const [dataDir, space, prefix, countText] = process.argv.slice(2);
const store = new SqliteKnowledgeStore({ dataDir });
let written = 0;
for (let index = 0; index < Number(countText); index += 1) {
  const document = makeDocument(
    space as SpaceId,
    `${prefix}-${index}.pdf`,
    [{ title: `${prefix} memo ${index}`, page: 1, text: `Memo ${prefix}${index} is about the shared topic wombat.` }],
    { withVectors: true },
  );
  await store.saveRecord({ ...document.record, status: 'parsing' });
  await store.commitDocument(document);
  written += 1;
}
await store.close();
console.log(JSON.stringify({ written }));
