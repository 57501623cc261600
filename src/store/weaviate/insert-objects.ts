import type { Collection, DataObject } from 'weaviate-client';
import { weaviateWriteFailed } from './weaviate-errors.ts';

/**
 * Inserts objects in batches (one gRPC batch request each). Weaviate reports failures per object, not per
 * request: any failed object fails the whole call, so a commit never goes live with units missing.
 * Objects with an existing uuid are replaced (batch writes are upserts).
 */
export async function insertObjects<Properties>(
  collection: Collection<Properties, string, undefined>,
  objects: Array<DataObject<Properties>>,
  batchSize: number,
): Promise<void> {
  for (let start = 0; start < objects.length; start += batchSize) {
    const batch = objects.slice(start, start + batchSize);
    let result: Awaited<ReturnType<typeof collection.data.insertMany>>;
    try {
      result = await collection.data.insertMany(batch);
    } catch (error) {
      throw weaviateWriteFailed(`batch of ${batch.length} objects: ${error instanceof Error ? error.message : String(error)}`, error);
    }
    if (result.hasErrors) {
      const failures = Object.values(result.errors);
      const sample = failures
        .slice(0, 3)
        .map(failure => failure.message)
        .join(' | ');
      throw weaviateWriteFailed(`${failures.length} of ${batch.length} objects were rejected: ${sample}`);
    }
  }
}
