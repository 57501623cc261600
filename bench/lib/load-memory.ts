import { readFileSync } from 'node:fs';
import type { LoadProcess } from './load-service.ts';

export interface RssSample {
  /** Milliseconds since sampling started. */
  atMs: number;
  /** Resident memory of each process, in bytes, in the order of `processes`. */
  rssBytes: number[];
}

export interface ProcessMemory {
  role: LoadProcess['role'];
  pid: number;
  /** MB at the first and last sample, the highest sample, and the mean of the first and last quarter. */
  startMb: number;
  endMb: number;
  peakMb: number;
  firstQuarterMb: number;
  lastQuarterMb: number;
  /** Least-squares slope over the second half of the run, in MB per minute (≈ 0 when memory is stable). */
  secondHalfSlopeMbPerMinute: number;
}

/** Resident memory of a process from /proc (Linux), in bytes; 0 once the process is gone. */
export function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the RSS of the service's processes every `intervalMs` until stopped. */
export function sampleRss(processes: LoadProcess[], intervalMs = 1000): { stop(): RssSample[] } {
  const started = Date.now();
  const samples: RssSample[] = [];
  const take = () => samples.push({ atMs: Date.now() - started, rssBytes: processes.map(entry => rssOf(entry.pid)) });
  take();
  const timer = setInterval(take, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

export function summarizeMemory(processes: LoadProcess[], samples: RssSample[]): ProcessMemory[] {
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return processes.map((entry, index) => {
    const series = samples.map(sample => ({ atMs: sample.atMs, bytes: sample.rssBytes[index] })).filter(point => point.bytes > 0);
    const values = series.map(point => point.bytes);
    const quarter = Math.max(1, Math.floor(values.length / 4));
    const mean = (part: number[]) => part.reduce((sum, value) => sum + value, 0) / Math.max(1, part.length);
    const secondHalf = series.slice(Math.floor(series.length / 2));
    return {
      role: entry.role,
      pid: entry.pid,
      startMb: mb(values[0] ?? 0),
      endMb: mb(values.at(-1) ?? 0),
      peakMb: mb(Math.max(0, ...values)),
      firstQuarterMb: mb(mean(values.slice(0, quarter))),
      lastQuarterMb: mb(mean(values.slice(-quarter))),
      secondHalfSlopeMbPerMinute: Math.round(slope(secondHalf.map(point => [point.atMs / 60_000, point.bytes / 1024 / 1024])) * 100) / 100,
    };
  });
}

function slope(points: Array<[number, number]>): number {
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  const numerator = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const denominator = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return denominator === 0 ? 0 : numerator / denominator;
}
