import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { callsTo, errorBody, installFetch, pendingRequests, type MockRequest } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import type { TopicNode } from '../../api';
import { topic } from '../../test/graph-fixtures';
import { signedIn } from '../../test/helpers';
import { renderApp, renderPage } from '../../test/render';
import { NodePage, PREVIEW_FOR_STAFF_ONLY, TUTOR_OFF_IN_PREVIEW } from './NodePage';

const PREVIEW_ROUTE = '/node/vn-anatomy?subject=vagus-nerve&preview=overlay';
const PUBLISHED_ROUTE = '/node/vn-anatomy?subject=vagus-nerve';

/** The draft as GET /api/graph/nodes/{id}?preview=overlay answers it: quiz items without answers. */
const DRAFT: TopicNode = topic({
  title: 'Vagus Anatomy (draft)',
  category: 'Foundations draft module',
  lesson_html: '<p>The lesson as the editor rewrote it.</p>',
  summary_html: '<p>A new summary.</p>',
  excerpt: 'A new summary for the graph card, cut short…',
  variants: { beginner: '<p>Draft beginner take.</p>' },
  sources: [{ title: 'Draft source', url: 'https://example.org/draft', type: 'article' }],
  video: { url: 'https://cdn.example.org/draft.mp4', title: 'Draft video', captions: null },
  prerequisites: [{ id: 'vn-intro', title: 'What Is the Vagus Nerve?' }],
  micro_quiz: [
    {
      id: 'vn-anatomy-q1',
      stemHtml: '<p>Which cranial nerve is the vagus?</p>',
      choices: [
        { id: 'a', textHtml: 'V' },
        { id: 'b', textHtml: 'X' },
        { id: 'c', textHtml: 'XII' },
      ],
      answered: null,
    },
    {
      id: 'vn-anatomy-q2',
      stemHtml: '<p>Where does it end?</p>',
      choices: [
        { id: 'a', textHtml: 'In the abdomen' },
        { id: 'b', textHtml: 'In the neck' },
      ],
      answered: null,
    },
  ],
});

const PUBLISHED: TopicNode = topic({ title: 'Vagus Anatomy (published)', excerpt: 'The published excerpt.' });

/** One route answering the draft with ?preview=overlay and the published topic without. */
function nodeHandler(req: MockRequest) {
  return { body: req.url.searchParams.get('preview') === 'overlay' ? DRAFT : PUBLISHED };
}

function handlers(roles: string[]) {
  return {
    ...signedIn('sam@example.com', roles),
    ...catalogHandlers,
    'GET /api/graph/nodes/vn-anatomy': nodeHandler,
  };
}

const nodeCalls = (fetchMock: Parameters<typeof callsTo>[0]) => callsTo(fetchMock, 'GET /api/graph/nodes/vn-anatomy');

/** Every call that could change something on the server, apart from the session refresh. */
const writes = (fetchMock: Parameters<typeof callsTo>[0]) =>
  fetchMock.mock.calls
    .map(
      ([input, init]) =>
        `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}`,
    )
    .filter((key) => !key.startsWith('GET ') && key !== 'POST /api/auth/refresh');

describe('/node/:nodeId?preview=overlay (draft preview)', () => {
  it('shows studio staff the whole topic page from the draft under a Draft preview banner', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(handlers(['learner', 'studio']));
    renderApp({ route: PREVIEW_ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy (draft)' })).toBeInTheDocument();
    const call = nodeCalls(fetchMock)[0];
    expect(call.url.searchParams.get('subject')).toBe('vagus-nerve');
    expect(call.url.searchParams.get('preview')).toBe('overlay');
    expect(nodeCalls(fetchMock)).toHaveLength(1); // the published topic is not read

    const banner = screen.getByRole('status', { name: 'Draft preview' });
    expect(banner).toHaveTextContent('This is the unpublished draft of this topic');
    expect(within(banner).getByRole('link', { name: 'Open the published topic' })).toHaveAttribute(
      'href',
      PUBLISHED_ROUTE,
    );

    // the draft's module, on the page and on its graph card
    await waitFor(() => expect(screen.getAllByText('Foundations draft module')).toHaveLength(2));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('The lesson as the editor rewrote it.');
    await user.click(screen.getByRole('tab', { name: 'Variants' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Draft beginner take.');
    await user.click(screen.getByRole('tab', { name: 'Sources' }));
    expect(screen.getByRole('link', { name: 'Draft source' })).toHaveAttribute('href', 'https://example.org/draft');
    await user.click(screen.getByRole('tab', { name: 'Video' }));
    expect(screen.getByTestId('topic-video')).toHaveAttribute('src', 'https://cdn.example.org/draft.mp4');

    // a prerequisite link stays in the preview
    const buildsOn = screen.getByRole('navigation', { name: 'Builds on' });
    expect(within(buildsOn).getByRole('link', { name: 'What Is the Vagus Nerve?' })).toHaveAttribute(
      'href',
      '/node/vn-intro?subject=vagus-nerve&preview=overlay',
    );
  });

  it("lists the draft's quiz items as learners are served them: stems and choices, no answer marked", async () => {
    installFetch(handlers(['studio']));
    renderApp({ route: PREVIEW_ROUTE });
    const quiz = await screen.findByRole('region', { name: 'Check your understanding' });
    const items = within(quiz).getAllByTestId('topic-quiz-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Which cranial nerve is the vagus?');
    const choices = within(items[0]).getByRole('list', { name: 'Choices for question 1' });
    expect(
      within(choices)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['V', 'X', 'XII']);
    expect(within(items[1]).getByRole('list', { name: 'Choices for question 2' })).toHaveTextContent('In the neck');
    // read-only: nothing to pick, nothing marked right or wrong
    expect(within(quiz).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(quiz).queryByRole('button')).not.toBeInTheDocument();
    expect(quiz).not.toHaveTextContent(/correct|explanation/i);
  });

  it('shows the graph card as the graph will, with the draft excerpt', async () => {
    installFetch(handlers(['studio']));
    renderApp({ route: PREVIEW_ROUTE });
    const section = await screen.findByRole('region', { name: 'On the learning graph' });
    const card = within(section).getByRole('article', { name: 'Vagus Anatomy (draft)' });
    expect(within(card).getByTestId('topic-summary')).toHaveTextContent('A new summary for the graph card, cut short…');
    expect(within(card).getByTestId('topic-category')).toHaveTextContent('Foundations draft module');
    expect(within(card).getByRole('link', { name: 'Explore Topic' })).toHaveAttribute('href', PREVIEW_ROUTE);
  });

  it('writes nothing: bookmark, note and tutor are off, and no call but reads leaves the page', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch({
      ...handlers(['studio']),
      'POST /api/bookmarks': { status: 201, body: {} },
      'POST /api/notes': { status: 201, body: {} },
      'POST /api/tutor/variant': { body: {} },
    });
    renderApp({ route: PREVIEW_ROUTE });
    await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy (draft)' });

    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Note' })).toBeDisabled();
    const tutor = await screen.findByRole('region', { name: 'AI Tutor' });
    for (const b of within(tutor).getAllByRole('button')) expect(b).toBeDisabled();
    expect(tutor).toHaveTextContent(TUTOR_OFF_IN_PREVIEW);

    // trying anyway does nothing
    await user.click(screen.getByRole('button', { name: 'Bookmark' })).catch(() => undefined);
    await user.click(within(tutor).getByRole('button', { name: 'Simplify' })).catch(() => undefined);
    await user.keyboard('{Tab}{Tab}{Enter}');
    await waitFor(() => expect(pendingRequests(fetchMock)).toBe(0));
    expect(writes(fetchMock)).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Add Note' })).not.toBeInTheDocument();
  });

  it('keeps the draft and the published topic apart in the cache, both ways', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(handlers(['studio']));
    renderPage(
      <>
        <Link to={PUBLISHED_ROUTE}>go published</Link>
        <Link to={PREVIEW_ROUTE}>go preview</Link>
        <NodePage />
      </>,
      '/node/:nodeId',
      { route: PUBLISHED_ROUTE },
    );
    // the published topic first: cached and fresh when the preview opens
    expect(await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy (published)' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Draft preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'On the learning graph' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'go preview' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy (draft)' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Draft preview' })).toBeInTheDocument();

    // back to the published page: the published answer again (from its own cache entry), not the draft
    await user.click(screen.getByRole('link', { name: 'go published' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy (published)' })).toBeInTheDocument();
    expect(screen.queryByText('The lesson as the editor rewrote it.')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Draft preview' })).not.toBeInTheDocument();

    // and the draft is read afresh when the preview opens again (it may have changed in the Studio)
    await user.click(screen.getByRole('link', { name: 'go preview' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy (draft)' })).toBeInTheDocument();
    const previewCalls = nodeCalls(fetchMock).filter((c) => c.url.searchParams.get('preview') === 'overlay');
    const publishedCalls = nodeCalls(fetchMock).filter((c) => !c.url.searchParams.has('preview'));
    expect(previewCalls).toHaveLength(2);
    expect(publishedCalls).toHaveLength(1);
  });

  it('gives a learner who opens a preview address the published page and says why; the draft is never asked for', async () => {
    const fetchMock = installFetch(handlers(['learner']));
    renderApp({ route: PREVIEW_ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy (published)' })).toBeInTheDocument();
    expect(screen.getByText(PREVIEW_FOR_STAFF_ONLY).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('status', { name: 'Draft preview' })).not.toBeInTheDocument();
    expect(nodeCalls(fetchMock).map((c) => c.url.searchParams.get('preview'))).toEqual([null]);
    // the published page works as usual
    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeEnabled();
  });

  it('tells a learner without the course why too, above Topic unavailable', async () => {
    const fetchMock = installFetch({
      ...handlers(['learner']),
      'GET /api/graph/nodes/vn-anatomy': { status: 403, body: errorBody(403, 'No access to this subject') },
    });
    renderApp({ route: PREVIEW_ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Topic unavailable' })).toBeInTheDocument();
    expect(screen.getByText(PREVIEW_FOR_STAFF_ONLY).closest('[role="status"]')).not.toBeNull();
    expect(nodeCalls(fetchMock).map((c) => c.url.searchParams.get('preview'))).toEqual([null]);
  });

  it('says why when the server refuses the preview (403), with a way to the published topic', async () => {
    installFetch({
      ...handlers(['admin']),
      'GET /api/graph/nodes/vn-anatomy': (req) =>
        req.url.searchParams.get('preview') === 'overlay'
          ? { status: 403, body: errorBody(403, 'Only studio users can preview the draft overlay.') }
          : { body: PUBLISHED },
    });
    renderApp({ route: PREVIEW_ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft preview unavailable' })).toBeInTheDocument();
    expect(screen.getByTestId('preview-error')).toHaveTextContent('Only studio users can preview the draft overlay.');
    expect(screen.getByRole('link', { name: 'Open the published topic' })).toHaveAttribute('href', PUBLISHED_ROUTE);
  });
});
