import { describe, expect, it } from 'vitest';
import { fillPrompt, loadPrompt } from './prompt-template.ts';

describe('prompt templates', () => {
  it('fills every placeholder and refuses missing or unused values', () => {
    expect(fillPrompt('Hi {{name}}, page {{page}}.', { name: 'Ada', page: 3 })).toBe('Hi Ada, page 3.');
    expect(() => fillPrompt('Hi {{name}}', {})).toThrow(/name/);
    expect(() => fillPrompt('Hi', { name: 'x' })).toThrow(/no placeholder/);
  });

  it('loads prompt files from prompts/', async () => {
    expect(await loadPrompt('figure')).toContain('{{caption}}');
  });
});
