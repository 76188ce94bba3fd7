import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldReply, json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';

const REFRESH = 'POST /api/auth/refresh';
const COURSES = 'GET /api/admin/courses';
const PUBLISH_DRAFT = 'POST /api/graph/publish-draft';
const CRAWL = 'POST /api/rag/crawl';

const COURSE_LIST = () =>
  listReply('courses', [
    { id: 'metabolic', subjectId: 'metabolic', title: 'Metabolic Health', published: false },
    { id: 'vagus-nerve', subjectId: 'vagus-nerve', title: 'The Vagus Nerve', published: true },
  ]);

type Routes = Parameters<typeof mockFetch>[0];

async function renderSubjects(routes: Routes = {}) {
  stubLocation('/studio/subjects');
  const server = mockFetch({
    [REFRESH]: json(makeSession(['learner', 'studio'], { token: 'token-a' })),
    [COURSES]: COURSE_LIST,
    'GET /api/studio/outline': json({
      subjectId: 'vagus-nerve',
      modules: [],
      retired: [],
      hasOverlay: false,
      etag: '"o"',
    }),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Subjects Admin' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const publishSection = () => screen.getByRole('region', { name: 'Publish Latest Draft' });
const crawlSection = () => screen.getByRole('region', { name: 'Crawl & Index Sources' });
const publishButtonOf = async (subjectId: string) => {
  const cell = await within(publishSection()).findByText(subjectId);
  return within(cell.closest('tr') as HTMLElement).getByRole('button', { name: 'Publish Latest Draft' });
};

describe('Subjects Admin screen: Publish Latest Draft and Crawl', { timeout: 30_000 }, () => {
  it('orders the sections Publish Latest Draft, Course Visibility, Crawl & Index Sources, Course Outline', async () => {
    await renderSubjects();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Publish Latest Draft',
      'Course Visibility (Shop)',
      'Crawl & Index Sources',
      'Course Outline',
    ]);
    await publishButtonOf('metabolic');
    expect(within(publishSection()).getAllByRole('button', { name: 'Publish Latest Draft' })).toHaveLength(2);
  });

  it('publishes one subject\'s draft with notifications "Publishing..." then "Published draft"', async () => {
    const held = heldReply(() => json({ version: 4, changedNodes: ['vn-tone'] }));
    const { server, user } = await renderSubjects({ [PUBLISH_DRAFT]: held.reply });

    const button = await publishButtonOf('vagus-nerve');
    await user.click(button);

    expect(await screen.findByText('Publishing...')).toBeInTheDocument();
    expect(button).toBeDisabled();
    held.release();
    expect(await screen.findByText('Published draft')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());

    const calls = server.callsTo('POST', '/api/graph/publish-draft');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body ?? 'null')).toEqual({ subjectId: 'vagus-nerve' });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer token-a');
    expect(screen.queryByText('Publish failed')).not.toBeInTheDocument();
  });

  it("shows the server's message on a 409 (nothing to publish)", async () => {
    const { user } = await renderSubjects({ [PUBLISH_DRAFT]: apiError(409, 'There are no unpublished changes') });

    await user.click(await publishButtonOf('metabolic'));

    expect(await screen.findByText('There are no unpublished changes')).toBeInTheDocument();
    expect(screen.queryByText('Publish failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Published draft')).not.toBeInTheDocument();
  });

  it('shows "Publish failed" on any other failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderSubjects({ [PUBLISH_DRAFT]: apiError(500, 'Database unavailable') });

    await user.click(await publishButtonOf('metabolic'));

    expect(await screen.findByText('Publish failed')).toBeInTheDocument();
    expect(screen.queryByText('Published draft')).not.toBeInTheDocument();
    expect(screen.queryByText(/Database unavailable/)).not.toBeInTheDocument();
  });

  it('crawls the URLs split on whitespace for the chosen subject and reports the indexed count', async () => {
    const held = heldReply(() =>
      json({ jobId: 'crawl-1', indexed: 2, passages: 9, failed: [{ url: 'https://c.example/x', reason: 'HTTP 404' }] }),
    );
    const { server, user } = await renderSubjects({ [CRAWL]: held.reply });
    await publishButtonOf('metabolic');

    const crawl = within(crawlSection()).getByRole('button', { name: 'Crawl' });
    expect(crawl).toBeDisabled();
    // The default subject is vagus-nerve; pick Metabolic Health instead.
    expect(within(crawlSection()).getByRole('combobox', { name: 'Subject' })).toHaveTextContent(
      'The Vagus Nerve (vagus-nerve)',
    );
    await user.click(within(crawlSection()).getByRole('combobox', { name: 'Subject' }));
    await user.click(await screen.findByRole('option', { name: 'Metabolic Health (metabolic)' }));

    fireEvent.change(within(crawlSection()).getByRole('textbox', { name: 'URLs (one per line)' }), {
      target: { value: '  https://a.example/one\n\nhttps://b.example/two \t  https://c.example/x\n  ' },
    });
    await user.click(crawl);

    expect(await screen.findByText('Crawling...')).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('Indexed 2 docs')).toBeInTheDocument();
    expect(within(crawlSection()).getByText('HTTP 404')).toBeInTheDocument();

    const calls = server.callsTo('POST', '/api/rag/crawl');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body ?? 'null')).toEqual({
      subjectId: 'metabolic',
      urls: ['https://a.example/one', 'https://b.example/two', 'https://c.example/x'],
    });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer token-a');
    expect(screen.queryByText('Crawl failed')).not.toBeInTheDocument();
  });

  it('shows "Crawl failed" when the crawl fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { server, user } = await renderSubjects({ [CRAWL]: apiError(500, 'Worker down') });
    await publishButtonOf('metabolic');

    fireEvent.change(within(crawlSection()).getByRole('textbox', { name: 'URLs (one per line)' }), {
      target: { value: 'https://a.example/one' },
    });
    await user.click(within(crawlSection()).getByRole('button', { name: 'Crawl' }));

    expect(await screen.findByText('Crawl failed')).toBeInTheDocument();
    expect(screen.queryByText(/Indexed/)).not.toBeInTheDocument();
    expect(JSON.parse(server.callsTo('POST', '/api/rag/crawl')[0].body ?? 'null')).toEqual({
      subjectId: 'vagus-nerve',
      urls: ['https://a.example/one'],
    });
  });
});
