/**
 * This thread's JavaScript heap in use plus the external memory V8 knows of (decoded images, buffers).
 * In a worker thread process.memoryUsage() reports that worker's own isolate, so each thread measures
 * itself; the pool adds them up (see PageWorkerPool).
 */
export function liveMemoryBytes(): number {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}
