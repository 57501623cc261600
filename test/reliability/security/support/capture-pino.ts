import { pino, type Logger } from 'pino';

export interface CapturedLog {
  /** A trace-level logger: every line any part of Folio writes through it is kept. */
  log: Logger;
  /** The raw JSON lines, exactly as pino would have written them to stderr. */
  lines: string[];
  /** Lines that contain `needle` anywhere (message, fields, error causes, stacks). */
  linesContaining(needle: string): string[];
}

/**
 * Captures all pino output at trace level (the most a deployment can turn on), unparsed, so a secret
 * is found wherever it would land: in a message, a field, a serialized error or its cause.
 */
export function capturePino(): CapturedLog {
  const lines: string[] = [];
  const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  return {
    log,
    lines,
    linesContaining: needle => lines.filter(line => line.includes(needle) || line.includes(JSON.stringify(needle).slice(1, -1))),
  };
}
