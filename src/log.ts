import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stderr, so stdout stays free for `--json` command output. */
export function createLogger(options: { level: string; name?: string }): Logger {
  return pino({ name: options.name ?? 'folio', level: options.level }, pino.destination(2));
}

/** A logger that drops everything; for tests and library use. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
