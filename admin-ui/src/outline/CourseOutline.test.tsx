import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';

const OUTLINE = 'GET /api/studio/outline';
const SAVE = 'PUT /api/studio/outline';

const topic = (id: string, title: string, extra = {}) => ({ id, title, draft: false, created: false, ...extra });
const OUTLINE_BODY = {
  subjectId: 'vagus-nerve',
  modules: [
    {
      id: 'foundations',
      title: 'Anatomy & Foundations',
      topics: [topic('vn-intro', 'What Is the Vagus Nerve?'), topic('vn-anatomy', 'Anatomy', { draft: true })],
    },
    { id: 'practice', title: 'Practice', topics: [topic('vn-breathing', 'Slow Breathing')] },
  ],
  retired: [{ id: 'vn-old', title: 'Old Topic', moduleId: 'practice', draft: true }],
  hasOverlay: true,
  etag: '"o1"',
};

type Routes = Parameters<typeof mockFetch>[0];

async function renderOutline(routes: Routes, path = '/studio/subjects?subject=vagus-nerve') {
  stubLocation(path);
  const server = mockFetch({
    'POST /api/auth/refresh': json(makeSession(['learner', 'studio'], { token: 'token-a' })),
    'GET /api/admin/courses': listReply('courses', [
      { id: 'vagus-nerve', subjectId: 'vagus-nerve', title: 'The Vagus Nerve', published: true },
    ]),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  const section = await screen.findByRole('region', { name: 'Course Outline' });
  await within(section).findByRole('list', { name: 'Topics of Anatomy & Foundations' });
  return { server, section, user: userEvent.setup({ delay: null }) };
}

const titles = (section: HTMLElement, module: string) =>
  within(within(section).getByRole('list', { name: `Topics of ${module}` }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Course outline', { timeout: 60_000 }, () => {
  it('shows modules and topics in order, each linked to its editor, and the retired ones', async () => {
    const { server, section } = await renderOutline({ [OUTLINE]: json(OUTLINE_BODY) });
    expect(server.callsTo('GET', '/api/studio/outline')[0].path).toBe('/api/studio/outline?subject=vagus-nerve');
    expect(within(section).getByRole('heading', { level: 3, name: '1. Anatomy & Foundations' })).toBeInTheDocument();
    expect(titles(section, 'Anatomy & Foundations')).toEqual(['What Is the Vagus Nerve?', 'Anatomy']);
    expect(within(section).getByRole('link', { name: 'Anatomy' })).toHaveAttribute(
      'href',
      '/studio/editor/vn-anatomy?subject=vagus-nerve',
    );
    expect(within(section).getByText('draft')).toBeInTheDocument();
    const retired = within(section).getByRole('list', { name: 'Retired topics' });
    expect(within(retired).getByText('Old Topic')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Move What Is the Vagus Nerve? up' })).toBeDisabled();
  });

  it('reorders and moves topics, then saves the order with If-Match of the outline shown', async () => {
    const saved = {
      ...OUTLINE_BODY,
      modules: [
        { ...OUTLINE_BODY.modules[0], topics: [OUTLINE_BODY.modules[0].topics[1]] },
        { ...OUTLINE_BODY.modules[1], topics: [OUTLINE_BODY.modules[1].topics[0], OUTLINE_BODY.modules[0].topics[0]] },
      ],
      etag: '"o2"',
    };
    const { server, section, user } = await renderOutline({ [OUTLINE]: json(OUTLINE_BODY), [SAVE]: json(saved) });

    await user.click(within(section).getByRole('button', { name: 'Move What Is the Vagus Nerve? down' }));
    expect(titles(section, 'Anatomy & Foundations')).toEqual(['Anatomy', 'What Is the Vagus Nerve?']);
    const row = within(section).getByRole('link', { name: 'What Is the Vagus Nerve?' }).closest('li') as HTMLElement;
    await user.click(within(row).getByRole('combobox', { name: /Module/ }));
    await user.click(await screen.findByRole('option', { name: 'Practice' }));
    expect(titles(section, 'Practice')).toEqual(['Slow Breathing', 'What Is the Vagus Nerve?']);
    expect(within(section).getByText('Unsaved order changes')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('Outline saved')).toBeInTheDocument();
    const call = server.callsTo('PUT', '/api/studio/outline')[0];
    expect(call.headers.get('If-Match')).toBe('"o1"');
    expect(JSON.parse(call.body ?? 'null')).toEqual({
      modules: [
        { id: 'foundations', topicIds: ['vn-anatomy'] },
        { id: 'practice', topicIds: ['vn-breathing', 'vn-intro'] },
      ],
    });
    await waitFor(() => expect(within(section).queryByText('Unsaved order changes')).not.toBeInTheDocument());
  });

  it('says when someone else changed the outline (412) and reloads theirs', async () => {
    const theirs = { ...OUTLINE_BODY, modules: [OUTLINE_BODY.modules[1], OUTLINE_BODY.modules[0]], etag: '"o9"' };
    const { section, user } = await renderOutline({
      [OUTLINE]: json(OUTLINE_BODY),
      [SAVE]: json({ statusCode: 412, error: 'Precondition Failed', message: 'x', current: theirs }, { status: 412 }),
    });

    await user.click(within(section).getByRole('button', { name: 'Move Anatomy up' }));
    await user.click(within(section).getByRole('button', { name: 'Save order' }));
    expect(await within(section).findByText(/Someone else changed this outline/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(section).getByRole('heading', { level: 3, name: '1. Practice' })).toBeInTheDocument(),
    );
    expect(within(section).queryByText(/Someone else changed this outline/)).not.toBeInTheDocument();
  });

  it('adds a topic, retires one (naming the topics that lost it) and restores another', async () => {
    const added = { id: 'vn-new', title: 'A New Topic', moduleId: 'practice' };
    const { server, section, user } = await renderOutline({
      [OUTLINE]: json(OUTLINE_BODY),
      'POST /api/studio/nodes': json(added, { status: 201 }),
      'POST /api/studio/nodes/vn-intro/retire': json({
        id: 'vn-intro',
        title: 'What Is the Vagus Nerve?',
        droppedFrom: ['vn-anatomy'],
      }),
      'POST /api/studio/nodes/vn-old/restore': json({ id: 'vn-old', title: 'Old Topic', droppedFrom: [] }),
    });

    await user.type(within(section).getByRole('textbox', { name: 'New topic title' }), 'A New Topic');
    await user.click(within(section).getByRole('combobox', { name: /Add to module/ }));
    await user.click(await screen.findByRole('option', { name: 'Practice' }));
    await user.click(within(section).getByRole('button', { name: 'Add topic' }));
    expect(await screen.findByText('Added A New Topic')).toBeInTheDocument();
    const add = server.callsTo('POST', '/api/studio/nodes')[0];
    expect(add.path).toBe('/api/studio/nodes?subject=vagus-nerve');
    expect(JSON.parse(add.body ?? 'null')).toEqual({ title: 'A New Topic', moduleId: 'practice' });

    await user.click(within(section).getByRole('button', { name: 'Retire What Is the Vagus Nerve?' }));
    expect(await within(section).findByText(/was a prerequisite of Anatomy/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Restore Old Topic' }));
    // (its notification waits behind the retire's: react-admin shows one at a time)
    await waitFor(() => expect(server.callsTo('POST', '/api/studio/nodes/vn-old/restore')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/studio/nodes/vn-old/restore')[0].path).toBe(
      '/api/studio/nodes/vn-old/restore?subject=vagus-nerve',
    );
  });
});
