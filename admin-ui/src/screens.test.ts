import { describe, expect, it } from 'vitest';

import { hubScreens, resources } from './screens';

describe('screen registry', () => {
  it('gives every hub screen a resource name, a label, a description, an icon and a page', () => {
    for (const screen of hubScreens) {
      expect(screen.name).toMatch(/^[a-z][a-z-]*$/);
      expect(screen.label).not.toBe('');
      expect(screen.description).not.toBe('');
      expect(screen.icon).toBeDefined();
      expect(screen.list ?? screen.edit).toBeDefined();
    }
  });

  it('registers each resource once: the hub screens, Migrate, the editor and Audit by URL only, and courses as data', () => {
    const names = resources.map((screen) => screen.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...hubScreens.map((screen) => screen.name), 'migrate', 'editor', 'audit', 'courses']);
    expect(hubScreens.map((screen) => screen.name)).not.toContain('migrate');
    expect(hubScreens.map((screen) => screen.name)).not.toContain('audit');
    const courses = resources.find((screen) => screen.name === 'courses');
    expect(courses?.list).toBeUndefined();
    expect(resources.find((screen) => screen.name === 'editor')?.edit).toBeDefined();
  });
});
