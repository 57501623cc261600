import { loadConfig } from '../src/config.ts';
import { buildModels } from '../src/models/build-models.ts';
import { createLogger } from '../src/log.ts';
import { documentCard } from '../src/conversation/described-documents.ts';
import { SqliteKnowledgeStore } from '../src/store/sqlite/sqlite-knowledge-store.ts';
import { parseSpaceId } from '../src/spaces/space-id.ts';
import { readFileSync } from 'node:fs';
const config = loadConfig({ ...process.env, FOLIO_MODEL_PROVIDER: 'local', FOLIO_MODELS_DIR: '/work/models-cache', FOLIO_LOCAL_CHAT_MODEL: 'off' });
const emb = buildModels(config.models, { log: createLogger({ level: 'warn' }) }).models.embedding!;
const store = new SqliteKnowledgeStore({ dataDir: '/tmp/bench-open' });
const ready = (await store.listDocuments(parseSpaceId('eval'))).filter(r => r.status === 'ready');
const variants: Record<string, (r: any) => string> = {
  final: r => documentCard(r),
  cased: r => documentCard({ ...r, title: r.title && r.title === r.title.toUpperCase() ? r.title.toLowerCase().replace(/\b\p{L}/gu, (c: string) => c.toUpperCase()) : r.title }),
  cased2: r => documentCard(r).replace(/\b\p{Lu}{4,}\b/gu, (w: string) => w[0] + w.slice(1).toLowerCase()),
};
const embedAll = async (texts: string[], task: 'document' | 'query') => { const out: number[][] = []; for (let i = 0; i < texts.length; i += 16) out.push(...(await emb.embed(texts.slice(i, i + 16), { task }))); return out; };
const qsAll: any[] = [];
for (const f of ['', '-2', '-heldout', '-blind', '-3', '-4', '-5', 'unnamed']) {
  const file = f === 'unnamed' ? 'bench/fixtures/unnamed-document-questions.jsonl' : `bench/fixtures/named-document-questions${f}.jsonl`;
  for (const l of readFileSync(file, 'utf8').trim().split('\n')) qsAll.push({ ...JSON.parse(l), set: f || '-1' });
}
const qv = await embedAll(qsAll.map(q => q.question), 'query');
for (const [name, card] of Object.entries(variants)) {
  const cv = await embedAll(ready.map(card), 'document');
  let hits = 0, wrong = 0, none = 0;
  const zs: string[] = [];
  qsAll.forEach((q, i) => {
    const s = cv.map(c => c.reduce((a, x, k) => a + x * qv[i][k], 0));
    const order = s.map((_, k) => k).sort((a, b) => s[b] - s[a]);
    const rest = order.slice(1).map(k => s[k]); const m = rest.reduce((a, b) => a + b) / rest.length; const sd = Math.sqrt(rest.reduce((a, b) => a + (b - m) ** 2, 0) / rest.length);
    const z1 = (s[order[0]] - m) / sd, zg = (s[order[0]] - rest[0]) / sd;
    const ok = z1 >= 4 && zg >= 1;
    const right = ready[order[0]].name === q.doc;
    if (q.by === 'none') { if (ok) { if (right) none++; else wrong++; } }
    else if (ok && right) hits++; else if (ok) wrong++;
    if (/Klimawandel|deutsch-amerikan|koptelefoon|independent voters/.test(q.question)) zs.push(`${q.question.slice(0, 30)} z1 ${z1.toFixed(2)} zg ${zg.toFixed(2)} top ${ready[order[0]].name.slice(0, 20)}`);
  });
  console.log(name, 'named-fixture hits (no gate, no rules)', hits, 'wrong', wrong, 'unnamed focused own', none); zs.forEach(z => console.log('   ', z));
}
await store.close();
