/**
 * A JSON Schema reduced to what node-llama-cpp's JSON-schema grammar understands (its GbnfJsonSchema):
 * `anyOf` becomes `oneOf`, and keywords the grammar cannot enforce (`default`, `pattern`, `$schema`,
 * numeric bounds …) are dropped, since the grammar builder rejects schemas it does not know. What is
 * dropped is still checked by the caller's own validation (generateJson's zod schema).
 */
export function grammarSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(grammarSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as Record<string, unknown>;
  const reduced: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'anyOf') reduced.oneOf = grammarSchema(value);
    else if (key === 'properties' || key === '$defs') {
      reduced[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, property]) => [name, grammarSchema(property)]));
    } else if (key === 'format') {
      if (typeof value === 'string' && grammarFormats.has(value)) reduced.format = value;
    } else if (kept.has(key)) reduced[key] = typeof value === 'object' ? grammarSchema(value) : value;
  }
  // An object without `properties` would let the grammar write any keys; one with them writes exactly those.
  if (reduced.type === 'object' && reduced.properties && reduced.additionalProperties === undefined) reduced.additionalProperties = false;
  return reduced;
}

const kept = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'enum',
  'const',
  'oneOf',
  'description',
  '$ref',
  '$defs',
]);

const grammarFormats = new Set(['date-time', 'time', 'date']);
