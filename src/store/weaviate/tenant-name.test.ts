import { describe, expect, it } from 'vitest';
import { parseSpaceId } from '../../spaces/space-id.ts';
import { tenantNameForSpace, tenantNamePattern } from './tenant-name.ts';

describe('tenantNameForSpace', () => {
  it('makes a valid Weaviate tenant name from every kind of space id, even the longest', () => {
    const spaces = [
      'slack:T012AB3C4:C0123456',
      'slack:T012AB3C4:dm:U999',
      'slack:T012AB3C4:*',
      'teams:72f988bf-86f1-41af-91ab-2d7cd011db47:19:meeting_abc@thread.v2',
      'web:a#b=c.d',
      `web:${'x'.repeat(196)}`,
    ].map(parseSpaceId);
    for (const space of spaces) expect(tenantNameForSpace(space)).toMatch(tenantNamePattern);
  });

  it('gives spaces that sanitize to the same text different tenants', () => {
    const names = ['web:a:b', 'web:a_b', 'web:a.b', 'web:a-b'].map(raw => tenantNameForSpace(parseSpaceId(raw)));
    expect(new Set(names).size).toBe(4);
  });

  it('gives spaces sharing a long prefix different tenants', () => {
    const prefix = `web:${'p'.repeat(60)}`;
    expect(tenantNameForSpace(parseSpaceId(`${prefix}1`))).not.toBe(tenantNameForSpace(parseSpaceId(`${prefix}2`)));
  });

  it('is stable: the same space always maps to the same tenant', () => {
    const space = parseSpaceId('slack:T1:C1');
    expect(tenantNameForSpace(space)).toBe(tenantNameForSpace(parseSpaceId('slack:T1:C1')));
    expect(tenantNameForSpace(space).startsWith('slack_T1_C1-')).toBe(true);
  });
});
