import { describe, expect, it } from 'vitest';
import { schemaDrift, unitProperties } from './schema.ts';

const asStored = unitProperties.map(property => ({ name: property.name, dataType: [...property.dataType], tokenization: property.tokenization }));

describe('schemaDrift', () => {
  it('accepts a collection created from the same definition', () => {
    expect(schemaDrift({ class: 'FolioUnit', multiTenancyConfig: { enabled: true }, properties: asStored }, unitProperties)).toEqual([]);
  });

  it('does not count missing properties as drift (they are added)', () => {
    const properties = asStored.filter(property => property.name !== 'ordinal');
    expect(schemaDrift({ class: 'FolioUnit', multiTenancyConfig: { enabled: true }, properties }, unitProperties)).toEqual([]);
  });

  it('names a changed type, a changed tokenization and disabled multi-tenancy', () => {
    const properties = asStored.map(property =>
      property.name === 'page'
        ? { ...property, dataType: ['text'] }
        : property.name === 'documentId'
          ? { ...property, tokenization: 'word' }
          : property,
    );
    const problems = schemaDrift({ class: 'FolioUnit', multiTenancyConfig: { enabled: false }, properties }, unitProperties);
    expect(problems).toEqual([
      'multi-tenancy is disabled',
      'property documentId uses tokenization word instead of field',
      'property page is text instead of int',
    ]);
  });
});
