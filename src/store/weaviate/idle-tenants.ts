export interface IdleTenantsOptions {
  /** A tenant this process has not used for this long is deactivated. */
  idleMs: number;
  /** How often idle tenants are looked for. */
  checkEveryMs: number;
  /**
   * Sets a tenant INACTIVE; false when it chose to leave it as it is. Either way the tenant is not
   * looked at again until its next use; one it throws for is tried again on the next check.
   */
  deactivate: (tenant: string) => Promise<boolean>;
  now?: () => number;
}

/**
 * Which tenants this process uses, and when it last did, so that the ones it has seen idle can be
 * deactivated (WEAVIATE_TENANT_IDLE_MINUTES). One process's idleness is not the cluster's: another API
 * process may be answering questions in the same space. So a process only deactivates tenants it used
 * itself, once per time it used them (a deactivated tenant is dropped from the list until its next use
 * here), and never one with an operation of its own in flight; any process whose next read or write
 * finds the tenant inactive activates it again (autoTenantActivation, or explicitly, see
 * weaviate-knowledge-store.ts). The worst case across processes is one extra reactivation per idle
 * period of a process, never a space that stays unreadable.
 */
export class IdleTenants {
  private readonly lastUsedMs = new Map<string, number>();
  private readonly inFlight = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<string[]> | undefined;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly options: IdleTenantsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Runs `operation` as a use of `tenant`: it counts as used when the operation starts and when it ends. */
  async use<T>(tenant: string, operation: () => Promise<T>): Promise<T> {
    this.touch(tenant);
    this.inFlight.set(tenant, (this.inFlight.get(tenant) ?? 0) + 1);
    try {
      return await operation();
    } finally {
      const left = (this.inFlight.get(tenant) ?? 1) - 1;
      if (left > 0) this.inFlight.set(tenant, left);
      else this.inFlight.delete(tenant);
      this.touch(tenant);
    }
  }

  /** The tenant was deleted: nothing to deactivate any more. */
  forget(tenant: string): void {
    this.lastUsedMs.delete(tenant);
  }

  /**
   * One pass: deactivates every tenant unused for `idleMs` and not in use now; resolves with those it
   * deactivated. The timer calls it; a pass still running is joined rather than doubled.
   */
  deactivateIdle(): Promise<string[]> {
    this.checking ??= this.pass().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  /** Stops the timer; tenants stay as they are. */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private touch(tenant: string): void {
    this.lastUsedMs.set(tenant, this.now());
    if (!this.timer && !this.closed) {
      // unref: an idle check never keeps a CLI command's process alive.
      this.timer = setInterval(() => void this.deactivateIdle(), this.options.checkEveryMs).unref();
    }
  }

  private async pass(): Promise<string[]> {
    const deactivated: string[] = [];
    for (const [tenant, usedAt] of [...this.lastUsedMs]) {
      if (this.closed) break;
      // Forgotten (its space was deleted) since the pass began, in use, or used lately.
      if (this.lastUsedMs.get(tenant) !== usedAt || this.inFlight.has(tenant) || this.now() - usedAt < this.options.idleMs) continue;
      let done: boolean;
      try {
        done = await this.options.deactivate(tenant);
      } catch {
        continue; // Weaviate unreachable or busy: the next check tries again.
      }
      if (!this.lastUsedMs.has(tenant)) continue;
      // Used again while it was being deactivated: that use (or the next) activates it again; keep watching.
      if (this.lastUsedMs.get(tenant) === usedAt) this.lastUsedMs.delete(tenant);
      if (done) deactivated.push(tenant);
    }
    return deactivated;
  }
}
