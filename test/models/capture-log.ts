import { pino, type Logger } from 'pino';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A pino logger that keeps its lines in memory, so tests can check what was (and was not) logged. */
export function captureLog(): { log: Logger; lines: LogLine[]; warnings: () => LogLine[] } {
  const lines: LogLine[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { log, lines, warnings: () => lines.filter(line => line.level === 40) };
}
