import { describe, expect, it } from 'vitest';
import { normalizeEntitlements, normalizeSubjects } from './subjects';

describe('normalizeSubjects', () => {
  it('accepts an array of strings', () => {
    expect(normalizeSubjects(['metabolic', 'ai-user', ''])).toEqual([
      { id: 'metabolic', name: 'metabolic', published: true },
      { id: 'ai-user', name: 'ai-user', published: true },
    ]);
  });

  it('accepts { subjects: [...] } with objects named by name or title', () => {
    const out = normalizeSubjects({
      subjects: [
        { id: 'vagus-nerve', name: 'Vagus Nerve', title: 'The Vagus Nerve: ...', is_published: true },
        { subjectId: 'metabolic', title: 'Metabolic Health' },
        { id: 'draft', name: 'Draft', is_published: false },
        { name: 'no id' },
        { id: 'vagus-nerve', name: 'duplicate' },
      ],
    });
    expect(out.map((s) => [s.id, s.name, s.published])).toEqual([
      ['vagus-nerve', 'Vagus Nerve', true],
      ['metabolic', 'Metabolic Health', true],
      ['draft', 'Draft', false],
    ]);
  });

  it('returns an empty list for anything else', () => {
    expect(normalizeSubjects(null)).toEqual([]);
    expect(normalizeSubjects({ statusCode: 404 })).toEqual([]);
    expect(normalizeSubjects('nope')).toEqual([]);
  });
});

describe('normalizeEntitlements', () => {
  it('reads subjectId from arrays or { entitlements }', () => {
    expect(normalizeEntitlements([{ subjectId: 'a', status: 'active' }, { subject_id: 'b' }, { x: 1 }])).toEqual([
      { subjectId: 'a', status: 'active', createdAt: undefined },
      { subjectId: 'b', status: undefined, createdAt: undefined },
    ]);
    expect(normalizeEntitlements({ entitlements: [{ subjectId: 'c' }] })).toHaveLength(1);
    expect(normalizeEntitlements(undefined)).toEqual([]);
  });
});
