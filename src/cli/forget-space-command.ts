import { createInterface } from 'node:readline/promises';
import { createFolio, parseSpaceId, silentLogger, type Config, type ForgetSpaceOutcome } from '../index.ts';

export interface ForgetSpaceCommandIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Whether a person can answer the question (stdin and stdout are a terminal). */
  interactive: boolean;
}

const terminal: ForgetSpaceCommandIo = { input: process.stdin, output: process.stdout, interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY) };

/**
 * `folio forget-space <space> [--yes] [--json]`: deletes every document of a space, the files no other
 * space uses, and the space's settings. Without --yes it asks on a terminal (the answer must be "yes")
 * and refuses elsewhere, so a script never deletes a space by accident. Returns the exit code.
 */
export async function forgetSpaceCommand(
  config: Config,
  spaceName: string,
  options: { yes?: boolean; json?: boolean },
  io: ForgetSpaceCommandIo = terminal,
): Promise<number> {
  const space = parseSpaceId(spaceName);
  const folio = createFolio(config, { log: silentLogger() });
  const print = (line: string) => io.output.write(`${line}\n`);
  try {
    if (!options.yes) {
      if (!io.interactive) {
        console.error(`Not forgetting ${spaceName}: add --yes to confirm (nothing was deleted).`);
        return 1;
      }
      const records = await folio.listDocuments(space);
      const prompt = createInterface({ input: io.input, output: io.output });
      const answer = await prompt
        .question(
          `Forget ${spaceName}: ${records.length} document${records.length === 1 ? '' : 's'}, their search data, the files no other space uses, and its settings? This cannot be undone. Type "yes" to go on: `,
        )
        .finally(() => prompt.close());
      if (answer.trim().toLowerCase() !== 'yes') {
        print('Nothing was deleted.');
        return 1;
      }
    }
    const outcome = await folio.forgetSpace(space, { forgottenBy: 'cli' });
    const { documents, deletedBlobs, stillReading, leftovers } = outcome;
    if (options.json) print(JSON.stringify({ space: outcome.space, forgotten: true, documents, deletedFiles: deletedBlobs, stillReading, leftovers }));
    else print(summary(spaceName, outcome));
    return outcome.leftovers.length > 0 ? 1 : 0;
  } finally {
    await folio.close();
  }
}

function summary(spaceName: string, outcome: ForgetSpaceOutcome): string {
  const lines = [
    `Forgot ${spaceName}: ${outcome.documents} document${outcome.documents === 1 ? '' : 's'}${outcome.deletedBlobs ? `, ${outcome.deletedBlobs} stored files deleted.` : '.'}`,
  ];
  if (outcome.stillReading.length > 0) {
    lines.push(`Still being read when forgotten: ${outcome.stillReading.join(', ')}. If they finish they come back; run forget-space again then.`);
  }
  if (outcome.leftovers.includes('files')) lines.push('Some stored files could not be deleted; no document uses them now (they are under FOLIO_DATA_DIR).');
  if (outcome.leftovers.includes('state')) lines.push('Its settings could not be cleared (the state store failed); run forget-space again to retry.');
  return lines.join('\n');
}
