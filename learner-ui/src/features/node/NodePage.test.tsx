import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, errorBody, installFetch } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import type { Bookmark, Note, TopicNode } from '../../api';
import { topic, tutorVariant } from '../../test/graph-fixtures';
import { signedIn, toast } from '../../test/helpers';
import { renderApp } from '../../test/render';

const ROUTE = '/node/vn-anatomy?subject=vagus-nerve';

function handlers(overrides: Partial<TopicNode> = {}) {
  return { ...signedIn(), ...catalogHandlers, 'GET /api/graph/nodes/vn-anatomy': { body: topic(overrides) } };
}

describe('/node/:nodeId', () => {
  it('shows the lesson in Summary and switches between the tabs', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(
      handlers({ video: { url: 'https://cdn.example.org/anatomy.mp4', title: 'Anatomy tour', captions: null } }),
    );
    renderApp({ route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy' })).toBeInTheDocument();
    const call = callsTo(fetchMock, 'GET /api/graph/nodes/vn-anatomy')[0];
    expect(call.url.searchParams.get('subject')).toBe('vagus-nerve');

    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Summary', 'Variants', 'Sources', 'Video']);
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    // Lesson html wins over the summary.
    expect(screen.getByRole('tabpanel')).toHaveTextContent('The full anatomy lesson.');
    expect(screen.queryByText('Summary of the anatomy.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Variants' }));
    const panel = screen.getByRole('tabpanel');
    for (const [heading, text] of [
      ['Beginner', 'Beginner take.'],
      ['Advanced', 'Advanced take.'],
      ['Practical', 'Practical take.'],
      ['Theoretical', 'Theoretical take.'],
    ]) {
      expect(within(panel).getByRole('heading', { name: heading })).toBeInTheDocument();
      expect(within(panel).getByText(text)).toBeInTheDocument();
    }

    await user.click(screen.getByRole('tab', { name: 'Sources' }));
    expect(screen.getByRole('link', { name: 'Vagus nerve (encyclopedia)' })).toHaveAttribute(
      'href',
      'https://example.org/vagus',
    );
    expect(screen.getByRole('link', { name: 'https://example.org/plain' })).toHaveAttribute(
      'href',
      'https://example.org/plain',
    );

    await user.click(screen.getByRole('tab', { name: 'Video' }));
    expect(screen.getByTestId('topic-video')).toHaveAttribute('src', 'https://cdn.example.org/anatomy.mp4');
    // an outside video has no captions track
    expect(screen.getByTestId('topic-video').querySelector('track')).toBeNull();

    // Mastery card: 0.45 is Intermediate.
    const mastery = screen.getByRole('region', { name: 'Your Mastery' });
    expect(within(mastery).getByTestId('mastery-label')).toHaveTextContent('Intermediate');
    expect(within(mastery).getByText('45%')).toBeInTheDocument();

    expect(screen.getAllByRole('link', { name: 'Back to Graph' })[0]).toHaveAttribute(
      'href',
      '/graph?subject=vagus-nerve',
    );
  });

  it("lists the topic's quiz questions without answers and links the topics it builds on", async () => {
    installFetch(
      handlers({
        prerequisites: [{ id: 'vn-intro', title: 'What Is the Vagus Nerve?' }],
        micro_quiz: [
          {
            id: 'q1',
            stemHtml: '<p>Which cranial nerve is the vagus?</p>',
            choices: [
              { id: 'a', textHtml: 'V' },
              { id: 'b', textHtml: 'X' },
            ],
            answered: null,
          },
        ],
      }),
    );
    renderApp({ route: ROUTE });
    const quiz = await screen.findByRole('region', { name: 'Check your understanding' });
    expect(within(quiz).getByTestId('topic-quiz-item')).toHaveTextContent('Which cranial nerve is the vagus?');
    expect(
      within(quiz)
        .getAllByRole('listitem')
        .slice(1)
        .map((li) => li.textContent),
    ).toEqual(['V', 'X']);
    expect(
      within(screen.getByRole('navigation', { name: 'Builds on' })).getByRole('link', {
        name: 'What Is the Vagus Nerve?',
      }),
    ).toHaveAttribute('href', '/node/vn-intro?subject=vagus-nerve');
    // the published page has no preview banner and no graph card
    expect(screen.queryByRole('status', { name: 'Draft preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'On the learning graph' })).not.toBeInTheDocument();
  });

  it('shows no quiz section and no Builds on without them', async () => {
    installFetch(handlers());
    renderApp({ route: ROUTE });
    await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy' });
    expect(screen.queryByRole('region', { name: 'Check your understanding' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Builds on' })).not.toBeInTheDocument();
  });

  it('plays a library video from its signed URL with its captions track', async () => {
    const user = userEvent.setup();
    const signed = '/api/media/file/vagus-nerve/video%2Fvn-anatomy-1a2b3c4d.mp4?u=u1&exp=1&sig=s';
    const captions = '/api/media/file/vagus-nerve/tts%2Fvn-anatomy-9f8e7d6c.vtt?u=u1&exp=1&sig=t';
    installFetch(handlers({ video: { url: signed, title: 'Anatomy', captions } }));
    renderApp({ route: ROUTE });
    await user.click(await screen.findByRole('tab', { name: 'Video' }));
    const video = screen.getByTestId('topic-video');
    expect(video).toHaveAttribute('src', signed);
    const track = video.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', captions);
    expect(track).toHaveAttribute('srclang', 'en');
  });

  it('falls back to the summary html, and says when there is no video', async () => {
    const user = userEvent.setup();
    installFetch(handlers({ lesson_html: '', video: null }));
    renderApp({ route: ROUTE });
    expect(await screen.findByText('Summary of the anatomy.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Video' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No video for this topic yet.');
    expect(screen.queryByTestId('topic-video')).not.toBeInTheDocument();
  });

  it('AI Tutor: sends the action and shows the returned html with its sources', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch({
      ...handlers(),
      'POST /api/tutor/variant': {
        body: tutorVariant('<p>A <em>simpler</em> take.</p>', [
          { title: 'Simple source', url: 'https://example.org/simple' },
        ]),
      },
    });
    renderApp({ route: ROUTE });
    await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy' });
    const tutor = screen.getByRole('region', { name: 'AI Tutor' });
    expect(
      within(tutor)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Explain more', 'Simplify', 'Example', 'Steps', 'Why', 'Visualize']);

    await user.click(within(tutor).getByRole('button', { name: 'Simplify' }));
    expect(await within(tutor).findByTestId('tutor-html')).toHaveTextContent('A simpler take.');
    expect(within(tutor).getByRole('link', { name: 'Simple source' })).toHaveAttribute(
      'href',
      'https://example.org/simple',
    );
    expect(callsTo(fetchMock, 'POST /api/tutor/variant')[0].body).toEqual({
      nodeId: 'vn-anatomy',
      action: 'simplify',
      subject: 'vagus-nerve',
    });

    await user.click(within(tutor).getByRole('button', { name: 'Explain more' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/tutor/variant')).toHaveLength(2));
    expect(callsTo(fetchMock, 'POST /api/tutor/variant')[1].body).toMatchObject({ action: 'explain_more' });
  });

  it("AI Tutor: shows the server's message on failure", async () => {
    const user = userEvent.setup();
    installFetch({
      ...handlers(),
      'POST /api/tutor/variant': {
        status: 429,
        body: errorBody(429, 'Too many tutor requests. Try again in a minute.'),
      },
    });
    renderApp({ route: ROUTE });
    await user.click(await screen.findByRole('button', { name: 'Why' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tutor requests. Try again in a minute.');
  });

  it('AI Tutor: shows the generic text when the server gives no message', async () => {
    const user = userEvent.setup();
    installFetch({ ...handlers(), 'POST /api/tutor/variant': { status: 500, body: { statusCode: 500 } } });
    renderApp({ route: ROUTE });
    await user.click(await screen.findByRole('button', { name: 'Example' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, I encountered an error. Please try again.');
  });

  it('Bookmark toggles with POST and DELETE /api/bookmarks', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch({
      ...handlers({ bookmarked: false }),
      'POST /api/bookmarks': {
        status: 201,
        body: {
          id: 'b1',
          subjectId: 'vagus-nerve',
          nodeId: 'vn-anatomy',
          nodeTitle: 'Vagus Anatomy',
          nodeCategory: 'Anatomy & Foundations',
          archived: false,
          createdAt: new Date().toISOString(),
        } satisfies Bookmark,
      },
      'DELETE /api/bookmarks': { status: 204 },
    });
    renderApp({ route: ROUTE });
    const button = await screen.findByRole('button', { name: 'Bookmark' });
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Bookmarked' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(fetchMock, 'POST /api/bookmarks')[0].body).toEqual({
      subjectId: 'vagus-nerve',
      nodeId: 'vn-anatomy',
    });

    await user.click(screen.getByRole('button', { name: 'Bookmarked' }));
    expect(await screen.findByRole('button', { name: 'Bookmark' })).toBeInTheDocument();
    const del = callsTo(fetchMock, 'DELETE /api/bookmarks');
    expect(del).toHaveLength(1);
    expect(del[0].url.searchParams.get('subjectId')).toBe('vagus-nerve');
    expect(del[0].url.searchParams.get('nodeId')).toBe('vn-anatomy');
  });

  it('a bookmarked topic starts as Bookmarked', async () => {
    installFetch(handlers({ bookmarked: true }));
    renderApp({ route: ROUTE });
    expect(await screen.findByRole('button', { name: 'Bookmarked' })).toBeInTheDocument();
  });

  it('Add Note: Save is disabled while the text is blank, then posts the note and toasts', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch({
      ...handlers(),
      'POST /api/notes': {
        status: 201,
        body: {
          id: 'n1',
          subjectId: 'vagus-nerve',
          nodeId: 'vn-anatomy',
          nodeName: 'Vagus Anatomy',
          archived: false,
          title: 'x',
          content: '',
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        } satisfies Note,
      },
    });
    renderApp({ route: ROUTE });
    const toggle = await screen.findByRole('button', { name: 'Add Note' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), '   ');
    expect(save).toBeDisabled();
    await user.paste('Tenth cranial nerve');
    expect(save).toBeEnabled();

    await user.click(save);
    expect(await toast()).toHaveTextContent('Note saved');
    expect(callsTo(fetchMock, 'POST /api/notes')[0].body).toEqual({
      subjectId: 'vagus-nerve',
      nodeId: 'vn-anatomy',
      text: '   Tenth cranial nerve',
    });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument());

    // The panel opens and closes with the same button.
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(screen.getByRole('textbox', { name: 'Note' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument());
  });

  it.each([403, 404])('a topic that cannot be loaded (%i) shows Topic unavailable with Buy Access', async (status) => {
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/graph/nodes/vn-anatomy': { status, body: errorBody(status, 'nope') },
    });
    renderApp({ route: ROUTE });
    expect(await screen.findByRole('heading', { name: 'Topic unavailable' })).toBeInTheDocument();
    expect(screen.getByText(/may be locked/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Buy Access' })).toHaveAttribute(
        'href',
        '/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve',
      ),
    );
    expect(screen.getByRole('link', { name: 'Back to Graph' })).toHaveAttribute('href', '/graph?subject=vagus-nerve');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
