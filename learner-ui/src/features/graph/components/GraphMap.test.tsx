import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { GraphNode } from '../../../api';
import { stubMatchMedia } from '../../../test/helpers';
import { renderPage } from '../../../test/render';
import GraphMap, { labelFlowPx, layoutGraph, mapKeyTarget, READABLE_ZOOM } from './GraphMap';

function node(id: string, title: string, moduleId: string, prerequisites: string[] = [], level = 0): GraphNode {
  return { id, title, category: moduleId, moduleId, summary: '', prerequisites, mastery_level: level };
}

// a → b → d, a → c → d, e stands alone
const NODES = [
  node('a', 'Anatomy', 'm1'),
  node('b', 'Branches', 'm1', ['a']),
  node('c', 'Circuits', 'm1', ['a'], 0.5),
  node('d', 'Devices', 'm2', ['b', 'c'], 0.8),
  node('e', 'Evidence', 'm2'),
];

describe('labels stay readable at every zoom', () => {
  it('are 14 flow px at zoom 1 and never under 12 screen px when zoomed out', () => {
    expect(labelFlowPx(1)).toBe(14);
    expect(labelFlowPx(2)).toBe(14);
    for (const zoom of [0.5, 0.6, READABLE_ZOOM, 0.9, 1, 1.5]) {
      expect(labelFlowPx(zoom) * zoom).toBeGreaterThanOrEqual(12 - 1e-9);
    }
    expect(labelFlowPx(0.5)).toBe(24);
    expect(READABLE_ZOOM).toBeCloseTo(0.857, 3);
  });
});

describe('arrow keys move along the prerequisite edges', () => {
  const positions = layoutGraph(NODES);

  it('right goes to the first topic built on this one, left to the first it builds on', () => {
    expect(mapKeyTarget('ArrowRight', 'a', NODES, positions)).toBe('b');
    expect(mapKeyTarget('ArrowRight', 'c', NODES, positions)).toBe('d');
    expect(mapKeyTarget('ArrowLeft', 'd', NODES, positions)).toBe('b');
    expect(mapKeyTarget('ArrowLeft', 'a', NODES, positions)).toBeNull();
    expect(mapKeyTarget('ArrowRight', 'e', NODES, positions)).toBeNull();
  });

  it('up and down stay in the column, Home and End go to the ends of the reading order', () => {
    const column = NODES.filter((n) => positions.get(n.id)!.x === positions.get('b')!.x)
      .sort((x, y) => positions.get(x.id)!.y - positions.get(y.id)!.y)
      .map((n) => n.id);
    expect(column.sort()).toEqual(['b', 'c']);
    const [top, bottom] = [...column].sort((x, y) => positions.get(x)!.y - positions.get(y)!.y);
    expect(mapKeyTarget('ArrowDown', top, NODES, positions)).toBe(bottom);
    expect(mapKeyTarget('ArrowUp', bottom, NODES, positions)).toBe(top);
    expect(mapKeyTarget('ArrowUp', top, NODES, positions)).toBeNull();
    expect(mapKeyTarget('Home', 'd', NODES, positions)).toBe('a');
    expect(mapKeyTarget('End', 'a', NODES, positions)).toBe('e');
    expect(mapKeyTarget('x', 'a', NODES, positions)).toBeNull();
  });
});

describe('on a phone the map is a list by module', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each topic once under its module, with its status and what it builds on', () => {
    // MUI's useMediaQuery(down('sm')) asks for max-width 599.95px: answer yes, as a 390 px phone does
    stubMatchMedia((query) => query.includes('max-width'));
    renderPage(
      <GraphMap
        nodes={NODES}
        ready={new Set(['b'])}
        subjectId="s1"
        modules={[
          { id: 'm1', title: 'Module One' },
          { id: 'm2', title: 'Module Two' },
        ]}
        status={{
          complete: new Set(['a']),
          lockedModules: new Map([['m2', 'Master “Module One” to open this module']]),
        }}
      />,
      '/',
    );
    const list = screen.getByTestId('graph-list');
    const one = within(list).getByRole('region', { name: 'Module One' });
    const two = within(list).getByRole('region', { name: 'Module Two' });
    expect(
      within(one)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Anatomy', 'Branches', 'Circuits']);
    expect(
      within(two)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Devices', 'Evidence']);
    expect(within(one).getByRole('link', { name: 'Branches' })).toHaveAttribute('href', '/node/b?subject=s1');
    const statuses = within(list)
      .getAllByTestId('graph-list-status')
      .map((s) => s.textContent);
    expect(statuses).toEqual(['Complete', 'Ready', 'Intermediate · 50%', 'Locked', 'Locked']);
    expect(within(two).getByText('Locked: Master “Module One” to open this module')).toBeInTheDocument();
    expect(within(two).getByText('Builds on: Branches, Circuits')).toBeInTheDocument();
    expect(screen.queryByRole('application')).toBeNull();
  });
});
