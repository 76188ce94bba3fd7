import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, json, makeSession, mockFetch, stubLocation } from '../test/browser';

const REFRESH = 'POST /api/auth/refresh';
const NODE = 'GET /api/studio/nodes/vn-anatomy';
const SAVE = 'PUT /api/studio/nodes/vn-anatomy';

const SOURCES = [{ title: 'Vagus nerve', url: 'https://en.wikipedia.org/wiki/Vagus_nerve', type: 'encyclopedia' }];
const NODE_BODY = {
  id: 'vn-anatomy',
  subjectId: 'vagus-nerve',
  title: 'Anatomy of the Vagus Nerve',
  summary_html: '<p>The longest cranial nerve.</p>',
  variants: { beginner: 'Simple', advanced: 'Deep', practical: 'Try this', theoretical: 'Theory' },
  sources: SOURCES,
  hasOverlay: false,
};

type Routes = Parameters<typeof mockFetch>[0];

async function renderEditor(routes: Routes, path = '/studio/editor/vn-anatomy?subject=vagus-nerve') {
  stubLocation(path);
  const server = mockFetch({
    [REFRESH]: json(makeSession(['learner', 'studio'], { token: 'token-a' })),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  return { server, user: userEvent.setup({ delay: null }) };
}

const loaded = () => screen.findByRole('heading', { level: 1, name: 'Anatomy of the Vagus Nerve' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const expectClean = () => {
  expect(screen.queryByText('Unsaved Changes')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save Now' })).not.toBeInTheDocument();
  expect(saveButton()).toBeDisabled();
};
const expectDirty = () => {
  expect(screen.getByText('Unsaved Changes')).toBeInTheDocument();
  expect(
    within(screen.getByRole('region', { name: 'Unsaved changes' })).getByRole('button', { name: 'Save Now' }),
  ).toBeEnabled();
  expect(saveButton()).toBeEnabled();
};

describe('Node editor', { timeout: 30_000 }, () => {
  it('loads the node, shows its title, the overlay notice, a back link and the three tabs, clean', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { server } = await renderEditor({
      [NODE]: async () => {
        await gate;
        return json(NODE_BODY);
      },
    });

    expect(await screen.findByRole('status', { name: 'Loading node' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    release();
    await loaded();
    expect(screen.queryByRole('status', { name: 'Loading node' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/studio/nodes/vn-anatomy')[0].path).toBe(
      '/api/studio/nodes/vn-anatomy?subject=vagus-nerve',
    );
    expect(server.callsTo('GET', '/api/studio/nodes/vn-anatomy')[0].headers.get('Authorization')).toBe(
      'Bearer token-a',
    );
    expect(screen.getByRole('link', { name: 'Back to Versions' })).toHaveAttribute(
      'href',
      '/studio/versions?subject=vagus-nerve',
    );
    expect(screen.getByText(/Edits are saved to the content overlay/)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Summary', 'Variants', 'Sources']);
    expect(screen.getByRole('textbox', { name: 'Summary HTML' })).toHaveValue('<p>The longest cranial nerve.</p>');
    expectClean();
  });

  it('renders the summary preview safely', async () => {
    const { user } = await renderEditor({ [NODE]: json(NODE_BODY) });
    await loaded();

    const area = screen.getByRole('textbox', { name: 'Summary HTML' });
    await user.clear(area);
    fireEvent.change(area, {
      target: {
        value:
          '<p onclick="alert(1)">Hi <b>there</b></p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">bad</a>',
      },
    });

    const preview = screen.getByRole('region', { name: 'Summary preview' });
    expect(within(preview).getByText('there').tagName).toBe('B');
    expect(preview.innerHTML).not.toMatch(/script|onclick|onerror|javascript:|alert\(2\)/);
    expect(within(preview).getByText('bad')).not.toHaveAttribute('href');
  });

  it('becomes dirty on an edit and clean again when the edit is undone', async () => {
    const { user } = await renderEditor({ [NODE]: json(NODE_BODY) });
    await loaded();

    await user.click(screen.getByRole('tab', { name: 'Variants' }));
    const beginner = screen.getByRole('textbox', { name: 'Beginner' });
    expect(beginner).toHaveValue('Simple');
    expect(screen.getByRole('textbox', { name: 'Theoretical' })).toHaveValue('Theory');
    await user.type(beginner, '!');
    expectDirty();
    await user.type(beginner, '{Backspace}');
    expectClean();
  });

  it('ignores invalid JSON typed in the sources: the last valid value is kept and no change is recorded', async () => {
    const { server, user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: json(NODE_BODY) });
    await loaded();

    await user.click(screen.getByRole('tab', { name: 'Sources' }));
    const area = screen.getByRole('textbox', { name: 'Sources (JSON)' });
    expect(JSON.parse((area as HTMLTextAreaElement).value)).toEqual(SOURCES);

    fireEvent.change(area, { target: { value: '[{"title": "broken"' } });
    expect(screen.getByText('Not a valid JSON array: the last valid sources are kept.')).toBeInTheDocument();
    expectClean();
    fireEvent.change(area, { target: { value: '{"title": "not an array"}' } });
    expectClean();

    const added = [...SOURCES, { title: 'NIH', url: 'https://nih.gov', type: 'article' }];
    fireEvent.change(area, { target: { value: JSON.stringify(added) } });
    expectDirty();
    // Broken again: the last valid value (with NIH) stays and is what gets saved.
    fireEvent.change(area, { target: { value: JSON.stringify(added).slice(0, -3) } });
    expectDirty();
    await user.click(saveButton());

    await waitFor(() => expect(server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')).toHaveLength(1));
    expect(JSON.parse(server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')[0].body ?? 'null').sources).toEqual(added);
  });

  it('saves summary_html, variants and sources, shows the success texts and is clean afterwards', async () => {
    const savedBody = {
      ...NODE_BODY,
      summary_html: '<p>Edited.</p>',
      variants: { ...NODE_BODY.variants, advanced: 'Deeper' },
      hasOverlay: true,
    };
    const { server, user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: json(savedBody) });
    await loaded();

    fireEvent.change(screen.getByRole('textbox', { name: 'Summary HTML' }), { target: { value: '<p>Edited.</p>' } });
    await user.click(screen.getByRole('tab', { name: 'Variants' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Advanced' }), { target: { value: 'Deeper' } });
    expectDirty();

    await user.click(screen.getByRole('button', { name: 'Save Now' }));

    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(screen.getByText('Node content has been updated successfully.')).toBeInTheDocument();
    const calls = server.callsTo('PUT', '/api/studio/nodes/vn-anatomy');
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe('/api/studio/nodes/vn-anatomy?subject=vagus-nerve');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer token-a');
    expect(JSON.parse(calls[0].body ?? 'null')).toEqual({
      summary_html: '<p>Edited.</p>',
      variants: { beginner: 'Simple', advanced: 'Deeper', practical: 'Try this', theoretical: 'Theory' },
      sources: SOURCES,
    });
    await waitFor(expectClean);
    expect(screen.getByRole('textbox', { name: 'Advanced' })).toHaveValue('Deeper');
    expect(screen.queryByText('Unable to save changes. Please try again.')).not.toBeInTheDocument();
  });

  it('shows the failure text and stays dirty when saving fails', async () => {
    const { server, user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: apiError(500, 'boom') });
    await loaded();

    fireEvent.change(screen.getByRole('textbox', { name: 'Summary HTML' }), { target: { value: '<p>Edited.</p>' } });
    await user.click(saveButton());

    expect(await screen.findByText('Unable to save changes. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Changes saved')).not.toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')).toHaveLength(1);
    expectDirty();
    expect(screen.getByRole('textbox', { name: 'Summary HTML' })).toHaveValue('<p>Edited.</p>');
  });

  it('sends nothing while nothing changed', async () => {
    const { server } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: json(NODE_BODY) });
    await loaded();

    fireEvent.click(saveButton());
    await server.idle();
    expect(server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')).toHaveLength(0);
  });

  it('shows "Node not found" with a back link on a 404', async () => {
    await renderEditor(
      { 'GET /api/studio/nodes/nope': apiError(404, 'Node nope not found') },
      '/studio/editor/nope?subject=metabolic',
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Node not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Versions' })).toHaveAttribute(
      'href',
      '/studio/versions?subject=metabolic',
    );
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
