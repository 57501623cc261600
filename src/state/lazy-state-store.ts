import type { StateStore } from './types.ts';

/**
 * A StateStore opened on first use: commands that never touch state (`folio docs`, `folio tree`) then
 * neither create `state.sqlite` nor connect to Redis. Closing one never opened does nothing.
 */
export class LazyStateStore implements StateStore {
  private opened: StateStore | undefined;

  constructor(
    readonly kind: StateStore['kind'],
    private readonly open: () => StateStore,
  ) {}

  private store(): StateStore {
    this.opened ??= this.open();
    return this.opened;
  }

  get<T>(key: string): Promise<T | undefined> {
    return this.store().get<T>(key);
  }

  set(key: string, value: unknown, options?: { ttlSeconds?: number }): Promise<void> {
    return this.store().set(key, value, options);
  }

  claim(key: string, options: { ttlSeconds: number }): Promise<boolean> {
    return this.store().claim(key, options);
  }

  increment(key: string, options: { ttlSeconds: number }): Promise<number> {
    return this.store().increment(key, options);
  }

  delete(key: string): Promise<void> {
    return this.store().delete(key);
  }

  list<T>(prefix: string): Promise<Array<{ key: string; value: T }>> {
    return this.store().list<T>(prefix);
  }

  async close(): Promise<void> {
    await this.opened?.close();
  }
}
