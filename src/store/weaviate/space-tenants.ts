import { setTimeout as delay } from 'node:timers/promises';
import type { WeaviateClient } from 'weaviate-client';
import type { SpaceId } from '../../spaces/space-id.ts';
import { IdleTenants } from './idle-tenants.ts';
import { documentCollectionName, pageCollectionName, unitCollectionName } from './schema.ts';
import { tenantNameForSpace } from './tenant-name.ts';
import { orEmpty } from './weaviate-objects.ts';
import { isTenantInactive, isTenantNotFound, weaviateWriteFailed } from './weaviate-errors.ts';
import { WeaviateRestError, type WeaviateRest } from './weaviate-rest.ts';

/** Collections with one tenant per space; a space's tenants are created and removed together. */
const spaceCollections = [documentCollectionName, unitCollectionName, pageCollectionName];
/**
 * The tenants an idle space gives up: its units hold the vectors (HNSW, in memory) and the BM25 index,
 * its pages the page-search index.
 * Document tenants (records and trees, no vectors) stay active, so listing a space's documents and the
 * cross-space blob check of forget (sha256sInUse, which reads every space) never wake an idle space.
 */
const idleCollections = [unitCollectionName, pageCollectionName];
/**
 * Spaces with fewer units stay active. weaviate-server 1.39.0 loses the only vector of an HNSW index
 * holding exactly one when its tenant is deactivated and activated twice (nearVector finds nothing from
 * then on; the object keeps its vector); such a space holds next to nothing in memory anyway.
 */
const minimumUnitsToDeactivate = 2;
/** Times an operation is tried again after activating its tenant (a state change may take a moment to propagate). */
const activationRetries = 3;

export interface SpaceTenantsOptions {
  client: () => Promise<WeaviateClient>;
  rest: WeaviateRest;
  /** Deactivate the unit tenant of a space this process has not used for this long; 0 or absent: never. */
  idleMs?: number;
  /** How often idle tenants are looked for; by default a quarter of `idleMs`, between 1 s and 1 min. */
  idleCheckMs?: number;
}

/**
 * The lifecycle of a space's tenants. A tenant is created on the space's first write, never by a read
 * (a read of a space without one is empty: `orEmpty`). An operation that finds its tenant inactive
 * activates it and runs again: Folio's collections have autoTenantActivation, which does this in the
 * server, but a collection created or changed elsewhere may not. With `idleMs`, unit tenants this
 * process has seen idle are deactivated (idle-tenants.ts says why that is safe with several processes).
 */
export class SpaceTenants {
  private readonly known = new Set<string>();
  private readonly idle: IdleTenants | undefined;

  constructor(private readonly options: SpaceTenantsOptions) {
    const idleMs = options.idleMs ?? 0;
    if (idleMs > 0) {
      const checkEveryMs = options.idleCheckMs ?? Math.min(60_000, Math.max(1_000, idleMs / 4));
      this.idle = new IdleTenants({ idleMs, checkEveryMs, deactivate: tenant => this.deactivate(tenant) });
    }
  }

  /** Runs a read of one space (a use of its tenant). */
  read<T>(space: SpaceId, operation: () => Promise<T>): Promise<T> {
    const tenant = tenantNameForSpace(space);
    return this.used(tenant, () => this.activating(tenant, operation));
  }

  /** Runs a write of one space, creating its tenants first when this process has not seen them. */
  write<T>(space: SpaceId, operation: () => Promise<T>): Promise<T> {
    const tenant = tenantNameForSpace(space);
    return this.used(tenant, async () => {
      await this.ensure(tenant);
      try {
        return await this.activating(tenant, operation);
      } catch (error) {
        // Another process removed the space (forget-space) after this one had seen its tenant.
        if (!isTenantNotFound(error)) throw error;
        this.known.delete(tenant);
        await this.ensure(tenant);
        return this.activating(tenant, operation);
      }
    });
  }

  /** Runs an operation on a tenant without counting it as a use (walks over every space). */
  visit<T>(tenant: string, operation: () => Promise<T>): Promise<T> {
    return this.activating(tenant, operation);
  }

  /** Removes the space's tenant from every collection; true when it had one. */
  async remove(space: SpaceId): Promise<boolean> {
    const tenant = tenantNameForSpace(space);
    const client = await this.options.client();
    let existed = false;
    for (const name of spaceCollections) {
      const tenants = client.collections.use(name).tenants;
      if (!(await tenants.getByName(tenant))) continue;
      await tenants.remove(tenant);
      existed = true;
    }
    this.known.delete(tenant);
    this.idle?.forget(tenant);
    return existed;
  }

  /** One idle check now (tests; the timer runs it otherwise); the tenants it deactivated. */
  deactivateIdle(): Promise<string[]> {
    return this.idle?.deactivateIdle() ?? Promise.resolve([]);
  }

  close(): void {
    this.idle?.close();
  }

  private used<T>(tenant: string, operation: () => Promise<T>): Promise<T> {
    return this.idle ? this.idle.use(tenant, operation) : operation();
  }

  private async activating<T>(tenant: string, operation: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await operation();
      } catch (error) {
        if (!isTenantInactive(error) || attempt >= activationRetries) throw error;
        await this.setStatus(tenant, spaceCollections, 'ACTIVE');
        if (attempt > 0) await delay(250 * attempt);
      }
    }
  }

  private async ensure(tenant: string): Promise<void> {
    if (this.known.has(tenant)) return;
    const client = await this.options.client();
    for (const name of spaceCollections) {
      const tenants = client.collections.use(name).tenants;
      if (await tenants.getByName(tenant)) continue;
      try {
        await tenants.create([{ name: tenant }]);
      } catch (error) {
        // Concurrent writers race to create the same tenant; only a still-missing tenant is a failure.
        if (!(await tenants.getByName(tenant))) throw weaviateWriteFailed(`creating tenant ${tenant} of ${name}`, error);
      }
    }
    this.known.add(tenant);
  }

  /** Deactivates an idle space's search tenants; false when it leaves them as they are (gone, inactive already, too small). */
  private async deactivate(tenant: string): Promise<boolean> {
    const units = (await this.options.client()).collections.use(unitCollectionName);
    // The status first: counting the units of an inactive tenant would activate it (autoTenantActivation).
    if ((await units.tenants.getByName(tenant))?.activityStatus !== 'ACTIVE') return false;
    const count = await orEmpty(
      units
        .withTenant(tenant)
        .aggregate.overAll()
        .then(result => result.totalCount),
      0,
    );
    if (count < minimumUnitsToDeactivate) return false;
    await this.setStatus(tenant, idleCollections, 'INACTIVE');
    return true;
  }

  /** PUT /v1/schema/{class}/tenants; a tenant that no longer exists (its space was forgotten) is left alone. */
  private async setStatus(tenant: string, collections: string[], activityStatus: 'ACTIVE' | 'INACTIVE'): Promise<void> {
    for (const name of collections) {
      try {
        await this.options.rest.request('PUT', `/v1/schema/${name}/tenants`, [{ name: tenant, activityStatus }]);
      } catch (error) {
        if (!(error instanceof WeaviateRestError && error.status === 422 && /not found/i.test(error.message))) throw error;
      }
    }
  }
}
