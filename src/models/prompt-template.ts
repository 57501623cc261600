import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const promptsDir = fileURLToPath(new URL('../../prompts/', import.meta.url));
const cache = new Map<string, Promise<string>>();

/** The text of `prompts/<name>.md` (read once per process). Prompt text never lives in TypeScript. */
export function loadPrompt(name: string): Promise<string> {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`bad prompt name ${name}`);
  let text = cache.get(name);
  if (!text) cache.set(name, (text = readFile(`${promptsDir}${name}.md`, 'utf8')));
  return text;
}

/**
 * Fills `{{name}}` placeholders. Every placeholder must get a value and every value must be used, so a
 * prompt file and its caller cannot drift apart silently.
 */
export function fillPrompt(template: string, values: Record<string, string | number>): string {
  const used = new Set<string>();
  const filled = template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
    if (!(key in values)) throw new Error(`prompt placeholder {{${key}}} has no value`);
    used.add(key);
    return String(values[key]);
  });
  const unused = Object.keys(values).filter(key => !used.has(key));
  if (unused.length > 0) throw new Error(`prompt has no placeholder for ${unused.join(', ')}`);
  return filled;
}

export async function renderPrompt(name: string, values: Record<string, string | number>): Promise<string> {
  return fillPrompt(await loadPrompt(name), values);
}
