import { describe, expect, it } from 'vitest';
import { LooseJsonError, parseJsonLoosely } from '../../src/models/robust-json.ts';

const plan = { subQuestions: ['What is the refund period?'], tasks: [], picks: [{ nodeId: '0003', reason: 'Refunds' }] };

describe('parseJsonLoosely: what models write', () => {
  it.each([
    ['plain JSON', JSON.stringify(plan)],
    ['a ```json fence', `\`\`\`json\n${JSON.stringify(plan, null, 2)}\n\`\`\``],
    ['a bare ``` fence with prose around it', `Sure! Here it is:\n\`\`\`\n${JSON.stringify(plan)}\n\`\`\`\nAnything else?`],
    ['prose before and after', `The plan is ${JSON.stringify(plan)} — hope this helps.`],
    ['trailing commas', '{"subQuestions": ["What is the refund period?",], "tasks": [], "picks": [{"nodeId": "0003", "reason": "Refunds",},],}'],
    ['single quotes', "{'subQuestions': ['What is the refund period?'], 'tasks': [], 'picks': [{'nodeId': '0003', 'reason': 'Refunds'}]}"],
    ['unquoted keys', '{subQuestions: ["What is the refund period?"], tasks: [], picks: [{nodeId: "0003", reason: "Refunds"}]}'],
    ['smart quotes', '{“subQuestions”: [“What is the refund period?”], “tasks”: [], “picks”: [{“nodeId”: “0003”, “reason”: “Refunds”}]}'],
    [
      '// and /* */ comments',
      '{\n  // the questions\n  "subQuestions": ["What is the refund period?"], /* none */ "tasks": [],\n  "picks": [{"nodeId": "0003", "reason": "Refunds"}] // done\n}',
    ],
    ['missing commas between lines', '{\n "subQuestions": ["What is the refund period?"]\n "tasks": []\n "picks": [{"nodeId": "0003" "reason": "Refunds"}]\n}'],
    [
      'a stray bracket in the prose first',
      'Plan [draft]: {"subQuestions": ["What is the refund period?"], "tasks": [], "picks": [{"nodeId": "0003", "reason": "Refunds"}]}',
    ],
    ['a code fence around something else', `Run \`\`\`sh\nfolio ask\n\`\`\` to get: ${JSON.stringify(plan)}`],
    [
      'a citation list in the prose first',
      'Based on [1] and [2]: {"subQuestions": ["What is the refund period?"], "tasks": [], "picks": [{"nodeId": "0003", "reason": "Refunds"}]}',
    ],
  ])('repairs %s', (_name, text) => {
    expect(parseJsonLoosely(text)).toEqual(plan);
  });

  it('keeps unescaped quotes inside strings and reads Python literals', () => {
    expect(parseJsonLoosely('{"quote": "he said "refunds take 14 days" twice", "ok": True, "none": None}')).toEqual({
      quote: 'he said "refunds take 14 days" twice',
      ok: true,
      none: null,
    });
    expect(parseJsonLoosely("{'text': 'it's fine'}")).toEqual({ text: "it's fine" });
  });

  it('reads escapes, numbers and raw newlines inside strings', () => {
    expect(parseJsonLoosely('{"a": "line\\nbreak \\u00e9 \\"q\\"", "b": -1.5e2, "c": +3, "d": .5, "e": "two\nlines"}')).toEqual({
      a: 'line\nbreak é "q"',
      b: -150,
      c: 3,
      d: 0.5,
      e: 'two\nlines',
    });
  });

  it('accepts any valid JSON as is, including top-level arrays and strings in a fence', () => {
    expect(parseJsonLoosely('[1, 2, 3]')).toEqual([1, 2, 3]);
    expect(parseJsonLoosely('```json\n"just text"\n```')).toBe('just text');
  });

  it('stores a "__proto__" key as data instead of changing the prototype', () => {
    const value = parseJsonLoosely("{__proto__: {polluted: true}, 'x': 1,}") as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'x']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseJsonLoosely: what it refuses', () => {
  it.each([
    ['an object cut off in a value', '{"subQuestions": ["What is the refund period?"], "picks": [{"nodeId": "0003", "reason": "Ref'],
    ['an object cut off after a comma', '{"subQuestions": ["a", "b"],'],
    ['a list cut off', '```json\n{"items": [{"a": 1}, {"a": 2}, {"a":'],
    ['an object cut off in a word', '{"ok": tr'],
  ])('throws for %s (truncated output is never accepted)', (_name, text) => {
    let thrown: unknown;
    try {
      parseJsonLoosely(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LooseJsonError);
    expect((thrown as LooseJsonError).truncated).toBe(true);
    expect((thrown as Error).message).toMatch(/incomplete/);
  });

  it('does not pass off an inner object of a broken answer as the answer', () => {
    expect(() => parseJsonLoosely('{"items": [{"a": 1}, {"a": 2}] oops here}')).toThrow(/not valid JSON/);
    expect(() => parseJsonLoosely('{"answer": refunds take 14 days, "citations": [1]}')).toThrow(/unexpected word "refunds"/);
    expect(() => parseJsonLoosely(`${'['.repeat(500)}1,]${']'.repeat(499)}`)).toThrow(/deeper than 200/);
  });

  it.each([
    ['empty text', '   ', /empty/],
    ['prose only', 'I cannot answer that from the documents.', /no JSON object/],
    ['unquoted string values', '{"answer": refunds take 14 days}', /unexpected word "refunds"/],
    ['an ellipsis', '{"items": [1, 2, ...]}', /number is malformed/],
  ])('throws a clear error for %s', (_name, text, message) => {
    expect(() => parseJsonLoosely(text)).toThrow(message);
  });

  it('says where the problem is', () => {
    expect(() => parseJsonLoosely('{\n  "a": 1\n  "b" 2\n}')).toThrow(/line 3, column 7/);
  });
});

describe('parseJsonLoosely: bounded fuzz', () => {
  // A small seeded generator, so a failure can be reproduced from the printed seed.
  function random(seed: number) {
    let state = seed >>> 0;
    return () => {
      state = (state * 1664525 + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
  }
  const samples = [
    JSON.stringify(plan, null, 2),
    JSON.stringify({ answer: 'Refunds take 14 days [1].', citations: [1, 2], grounded: true, nested: { list: [null, false, 1.5e3, 'x"y'] } }),
    `\`\`\`json\n${JSON.stringify([
      { title: 'Intro', pages: [1, 2] },
      { title: 'Méthode', pages: [3] },
    ])}\n\`\`\``,
  ];
  const alphabet = ['{', '}', '[', ']', '"', "'", ':', ',', '\\', '/', '*', '\n', ' ', 'a', '1', '“', '”', '```', 'true', '//', '/*', '\\u12'];

  it('parses or throws an ordinary Error for 3000 random mutations, quickly', () => {
    const started = performance.now();
    const next = random(20260512);
    let parsed = 0;
    let refused = 0;
    for (let round = 0; round < 3000; round += 1) {
      let text = samples[round % samples.length];
      const edits = 1 + Math.floor(next() * 6);
      for (let edit = 0; edit < edits; edit += 1) {
        const at = Math.floor(next() * (text.length + 1));
        const kind = next();
        if (kind < 0.35) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 3));
        else if (kind < 0.7) text = text.slice(0, at) + alphabet[Math.floor(next() * alphabet.length)] + text.slice(at);
        else if (kind < 0.85) text = text.slice(0, at);
        else text = text.slice(0, at) + text.slice(at).replace(/"/, "'");
      }
      try {
        parseJsonLoosely(text);
        parsed += 1;
      } catch (error) {
        expect(error, `seed round ${round}: ${JSON.stringify(text)}`).toBeInstanceOf(Error);
        refused += 1;
      }
    }
    expect(parsed).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('stays fast on long hostile input', () => {
    const started = performance.now();
    for (const text of ['{'.repeat(100_000), '[1,'.repeat(30_000), '"'.repeat(100_000), '{a'.repeat(50_000), 'x{'.repeat(50_000)]) {
      expect(() => parseJsonLoosely(text)).toThrow(Error);
    }
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
