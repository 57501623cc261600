import { LogLevel, type Logger as BoltLogger } from '@slack/bolt';
import type { Logger } from '../../src/index.ts';

/**
 * Bolt and the Slack SDK log through this, so their lines land in Folio's pino log (structured, one
 * destination). Bolt logs request bodies at debug level; pino's level decides whether they appear.
 */
export function boltLogger(log: Logger): BoltLogger {
  let level: LogLevel = levelOf(log.level);
  const write = (method: 'debug' | 'info' | 'warn' | 'error', parts: unknown[]) =>
    log[method](parts.map(part => (part instanceof Error ? part.message : String(part))).join(' '));
  return {
    debug: (...parts) => write('debug', parts),
    info: (...parts) => write('info', parts),
    warn: (...parts) => write('warn', parts),
    error: (...parts) => write('error', parts),
    setLevel: next => {
      level = next;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}

function levelOf(pinoLevel: string): LogLevel {
  if (pinoLevel === 'debug' || pinoLevel === 'trace') return LogLevel.DEBUG;
  if (pinoLevel === 'info') return LogLevel.INFO;
  if (pinoLevel === 'warn') return LogLevel.WARN;
  return LogLevel.ERROR;
}
