import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The most memory this process (its worker threads included: parse workers, tesseract) held while
 * `work` ran. On Linux the kernel's own high-water mark is reset first (/proc/self/clear_refs "5") and
 * read afterwards, so a spike between two samples is not missed; elsewhere RSS is sampled every 20 ms.
 * Child processes (LibreOffice) are not counted.
 */
export async function measurePeakRss<T>(work: () => Promise<T>): Promise<{ result: T; startRssBytes: number; peakRssBytes: number }> {
  const startRssBytes = process.memoryUsage().rss;
  const kernelPeak = resetKernelPeak();
  let sampledPeak = startRssBytes;
  const sampler = kernelPeak ? undefined : setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    const peakRssBytes = kernelPeak ? Math.max(readKernelPeak() ?? 0, process.memoryUsage().rss) : Math.max(sampledPeak, process.memoryUsage().rss);
    return { result, startRssBytes, peakRssBytes };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

function resetKernelPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return readKernelPeak() !== undefined;
  } catch {
    return false;
  }
}

function readKernelPeak(): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
