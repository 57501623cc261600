/**
 * Runs async work one at a time per key, in call order. The Weaviate store uses it per document so that
 * a status update issued before a commit cannot land after it (Weaviate applies concurrent writes to one
 * object in arrival order, which need not be call order). It orders calls within one process only.
 */
export class SerialByKey {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
