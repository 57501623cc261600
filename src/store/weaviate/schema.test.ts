import { describe, expect, it } from 'vitest';
import { dataFormatOf, replicationConfig, replicationDrift, schemaDrift, unitProperties, weaviateDataFormat } from './schema.ts';

const asStored = unitProperties.map(property => ({ name: property.name, dataType: [...property.dataType], tokenization: property.tokenization }));

describe('schemaDrift', () => {
  it('accepts a collection created from the same definition', () => {
    expect(schemaDrift({ class: 'FolioUnit', multiTenancyConfig: { enabled: true }, properties: asStored }, unitProperties)).toEqual([]);
  });

  it('counts a missing property as drift: a collection of this data format has them all', () => {
    const properties = asStored.filter(property => property.name !== 'ordinal');
    expect(schemaDrift({ class: 'FolioUnit', multiTenancyConfig: { enabled: true }, properties }, unitProperties)).toEqual(['property ordinal is missing']);
  });

  it('names a changed type, a changed tokenization and disabled multi-tenancy', () => {
    const properties = asStored.map(property =>
      property.name === 'page' ? { ...property, dataType: ['text'] } : property.name === 'documentId' ? { ...property, tokenization: 'word' } : property,
    );
    const problems = schemaDrift({ class: 'FolioUnit', multiTenancyConfig: { enabled: false }, properties }, unitProperties);
    expect(problems).toEqual([
      'multi-tenancy is disabled',
      'property documentId uses tokenization word instead of field',
      'property page is text instead of int',
    ]);
  });
});

describe('dataFormatOf', () => {
  it('reads the format a collection description names, 1 when it names none', () => {
    expect(dataFormatOf(`Folio search units; one tenant per space; data format ${weaviateDataFormat}`)).toBe(weaviateDataFormat);
    expect(dataFormatOf('Folio search units; one tenant per space')).toBe(1);
    expect(dataFormatOf(undefined)).toBe(1);
  });
});

describe('replication', () => {
  it('creates collections with the configured factor and time-based deletion conflicts, or leaves both to the server', () => {
    expect(replicationConfig({ factor: 3 })).toEqual({ factor: 3, deletionStrategy: 'TimeBasedResolution' });
    expect(replicationConfig({})).toBeUndefined();
  });

  it('names a factor that differs from WEAVIATE_REPLICATION_FACTOR in either direction, and accepts any factor when none is configured', () => {
    const existing = (factor?: number) => ({
      class: 'FolioUnit',
      multiTenancyConfig: { enabled: true },
      replicationConfig: factor === undefined ? undefined : { factor },
    });
    expect(replicationDrift(existing(3), { factor: 3 })).toBeUndefined();
    expect(replicationDrift(existing(1), { factor: 3 })).toBe('keeps 1 copy of each tenant (replication factor 1) but WEAVIATE_REPLICATION_FACTOR is 3');
    expect(replicationDrift(existing(3), { factor: 1 })).toBe('keeps 3 copies of each tenant (replication factor 3) but WEAVIATE_REPLICATION_FACTOR is 1');
    // A collection the server reports without replicationConfig has one copy.
    expect(replicationDrift(existing(), { factor: 2 })).toMatch(/replication factor 1\b/);
    expect(replicationDrift(existing(1), {})).toBeUndefined();
  });
});
