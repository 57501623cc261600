/**
 * Waits until at least `marginMs` are left in the clock's current minute. Question limits count per
 * clock minute, so a test that asks several questions and expects the last to be refused must not
 * straddle a minute's end.
 */
export async function awayFromMinuteEnd(marginMs = 5_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await new Promise(resolve => setTimeout(resolve, left + 50));
}
