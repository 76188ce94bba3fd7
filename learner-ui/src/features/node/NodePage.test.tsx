import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, errorBody, installFetch, type Handler, type MockRequest } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import type { Bookmark, CheckAnswerResult, CheckItem, LearningPath, Note, TopicNode } from '../../api';
import { checkItem, topic, tutorVariant } from '../../test/graph-fixtures';
import { currentLocation, signedIn, toast } from '../../test/helpers';
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

  it('links the topics it builds on', async () => {
    installFetch(handlers({ prerequisites: [{ id: 'vn-intro', title: 'What Is the Vagus Nerve?' }] }));
    renderApp({ route: ROUTE });
    expect(
      within(await screen.findByRole('navigation', { name: 'Builds on' })).getByRole('link', {
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

  it('without a video of its own, plays the lecture: its video, else its audio with a caption line and the transcript', async () => {
    const user = userEvent.setup();
    const audio = '/api/media/file/vagus-nerve/tts%2Fvn-anatomy-1.mp3?u=u1&exp=1&sig=s';
    const vtt = '/api/media/file/vagus-nerve/tts%2Fvn-anatomy-1.vtt?u=u1&exp=1&sig=t';
    const lecture = { sectionId: 'vn-anatomy', title: 'Anatomy', text: 'The vagus leaves the brainstem.\nIt wanders.' };
    const fetchMock = installFetch({
      ...handlers({ video: null }),
      'GET /api/graph/nodes/vn-anatomy/lecture': {
        body: { ...lecture, video: null, audio: { url: audio, captions: vtt } },
      },
    });
    const { unmount } = renderApp({ route: ROUTE });
    await screen.findByRole('heading', { level: 1, name: 'Vagus Anatomy' });
    // the lecture loads only when the tab opens
    expect(callsTo(fetchMock, 'GET /api/graph/nodes/vn-anatomy/lecture')).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'Video' }));
    const player = await screen.findByTestId('topic-lecture-audio');
    expect(player).toHaveAttribute('src', audio);
    expect(player).toHaveAccessibleName('Lecture: Anatomy');
    expect(player.querySelector('track')).toHaveAttribute('src', vtt);
    expect(screen.getByTestId('lecture-caption')).toBeInTheDocument();
    expect(screen.getByTestId('lecture-transcript')).toHaveTextContent('The vagus leaves the brainstem. It wanders.');
    expect(callsTo(fetchMock, 'GET /api/graph/nodes/vn-anatomy/lecture')[0].url.searchParams.get('subject')).toBe(
      'vagus-nerve',
    );
    unmount();

    const video = '/api/media/file/vagus-nerve/video%2Fvn-anatomy-2.mp4?u=u1&exp=1&sig=v';
    installFetch({
      ...handlers({ video: null }),
      'GET /api/graph/nodes/vn-anatomy/lecture': {
        body: { ...lecture, video: { url: video, captions: null }, audio: null },
      },
    });
    renderApp({ route: ROUTE });
    await user.click(await screen.findByRole('tab', { name: 'Video' }));
    expect(await screen.findByTestId('topic-video')).toHaveAttribute('src', video);
    expect(screen.getByRole('heading', { name: 'Lecture: Anatomy' })).toBeInTheDocument();
    expect(screen.queryByTestId('topic-lecture-audio')).not.toBeInTheDocument();
  });

  it('falls back to the summary html, and says when there is no video', async () => {
    const user = userEvent.setup();
    installFetch({
      ...handlers({ lesson_html: '', video: null }),
      'GET /api/graph/nodes/vn-anatomy/lecture': { status: 404, body: errorBody(404, 'No lecture for this topic yet') },
    });
    renderApp({ route: ROUTE });
    expect(await screen.findByText('Summary of the anatomy.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Video' }));
    expect(await screen.findByText('No video for this topic yet.')).toBeInTheDocument();
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
    const tutor = await screen.findByRole('region', { name: 'AI Tutor' });
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
    const save = await screen.findByRole('button', { name: 'Save' });
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

// ---------------------------------------------------------------------------------------------
// Check your understanding (issue 26): the topic's check items, one at a time, then the next step.

const KEY: Record<string, { correct: string; explanation: string }> = {
  'vn-anatomy-q5': {
    correct: 'b',
    explanation: '<p>The vagus is cranial nerve <strong>X</strong>; V is the trigeminal.</p>',
  },
  'vn-anatomy-q6': { correct: 'a', explanation: '<p>It reaches the abdomen; the neck is only on its way.</p>' },
};

const Q5 = checkItem('vn-anatomy-q5', 'Which cranial nerve is the vagus?', [
  ['a', 'V'],
  ['b', 'X'],
  ['c', 'XII'],
]);
const Q6 = checkItem('vn-anatomy-q6', 'Where do its fibres reach?', [
  ['a', 'The abdomen'],
  ['b', 'Only the neck'],
]);

/** The server's answer to POST /api/checks/{nodeId}/answers, counting first answers like the server. */
function checkServer(items: CheckItem[], completeAt = 2) {
  const first = new Map<string, boolean>();
  return (req: MockRequest) => {
    const { questionId, answer } = req.body as { questionId: string; answer: string };
    const key = KEY[questionId];
    const correct = answer === key.correct;
    const counted = !first.has(questionId);
    if (counted) first.set(questionId, correct);
    const right = [...first.values()].filter(Boolean).length;
    const body: CheckAnswerResult = {
      questionId,
      correct,
      correctAnswer: key.correct,
      explanation: key.explanation,
      counted,
      mastery: 0.5 + right * 0.2,
      check: { total: items.length, answered: first.size, correct: right, passed: right * 2 > items.length },
      complete: right >= completeAt,
    };
    return { body };
  };
}

function path(next: LearningPath['next']): LearningPath {
  return { subjectId: 'vagus-nerve', complete: 1, total: 16, topics: [], modules: [], next, openAttempts: [] };
}

function checkHandlers(
  items: CheckItem[],
  extra: Record<string, Handler> = {},
  node: Partial<TopicNode> = {},
): Record<string, Handler> {
  let reads = 0;
  return {
    ...handlers(),
    // the second read (after an answer) has the mastery the answer moved
    'GET /api/graph/nodes/vn-anatomy': () => ({
      body: topic({ micro_quiz: items, mastery_level: reads++ === 0 ? 0.45 : 0.75, ...node }),
    }),
    'POST /api/checks/vn-anatomy/answers': checkServer(items),
    'GET /api/users/me/path': { body: path({ type: 'topic', topic: { id: 'vn-breath', title: 'Slow Breathing' } }) },
    ...extra,
  };
}

async function checkRegion() {
  return screen.findByRole('region', { name: 'Check your understanding' });
}

/** Picks a choice by its text and presses Check answer. */
async function answer(user: ReturnType<typeof userEvent.setup>, region: HTMLElement, choice: string) {
  await user.click(within(region).getByRole('radio', { name: choice }));
  await user.click(within(region).getByRole('button', { name: 'Check answer' }));
  return within(region).findByTestId('check-feedback');
}

/** Whether `a` comes before `b` in the document. */
function before(a: Element, b: Element) {
  return (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}

describe('/node/:nodeId: Check your understanding', () => {
  it('one item at a time: Not quite, the correct answer, the explanation, then Next question; then the summary', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(checkHandlers([Q5, Q6]));
    renderApp({ route: ROUTE });
    const region = await checkRegion();

    // after the tabs
    expect(before(screen.getByRole('tablist', { name: 'Topic content' }), region)).toBe(true);
    expect(within(region).getByTestId('check-position')).toHaveTextContent('Question 1 of 2');
    expect(within(region).getByRole('radiogroup', { name: 'Which cranial nerve is the vagus?' })).toBeInTheDocument();
    expect(
      within(region)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['a', 'b', 'c']);
    expect(within(region).queryByText('Where do its fibres reach?')).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Check answer' })).toBeDisabled();

    const feedback = await answer(user, region, 'V');
    expect(callsTo(fetchMock, 'POST /api/checks/vn-anatomy/answers').map((c) => c.body)).toEqual([
      { subjectId: 'vagus-nerve', questionId: 'vn-anatomy-q5', answer: 'a' },
    ]);
    const verdict = within(feedback).getByRole('heading', { name: 'Not quite' });
    const correct = within(feedback).getByTestId('check-correct-answer');
    const explanation = within(feedback).getByTestId('check-explanation');
    const next = within(feedback).getByRole('button', { name: 'Next question' });
    expect(correct).toHaveTextContent('The correct answer: X');
    expect(explanation).toHaveTextContent('The vagus is cranial nerve X; V is the trigeminal.');
    expect(before(verdict, correct) && before(correct, explanation) && before(explanation, next)).toBe(true);
    expect(feedback).toHaveFocus();
    // answered: the choices are fixed, the answer cannot be sent again
    for (const radio of within(region).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(region).getByRole('radio', { name: 'V' })).toBeChecked();
    expect(within(region).queryByRole('button', { name: 'Check answer' })).not.toBeInTheDocument();
    expect(within(region).queryByTestId('check-summary')).not.toBeInTheDocument();

    // the mastery card reads the topic again: the answer moved it
    const mastery = screen.getByRole('region', { name: 'Your Mastery' });
    await waitFor(() => expect(within(mastery).getByText('75%')).toBeInTheDocument());

    await user.click(next);
    expect(within(region).getByTestId('check-position')).toHaveTextContent('Question 2 of 2');
    expect(within(region).getByRole('radiogroup', { name: 'Where do its fibres reach?' })).toBeInTheDocument();
    expect(within(region).queryByTestId('check-feedback')).not.toBeInTheDocument();

    const second = await answer(user, region, 'The abdomen');
    expect(within(second).getByRole('heading', { name: 'Correct' })).toBeInTheDocument();
    expect(within(second).getByTestId('check-correct-answer')).toHaveTextContent('The correct answer: The abdomen');
    expect(within(second).queryByRole('button', { name: 'Next question' })).not.toBeInTheDocument();

    // 1 of 2 right: not complete
    const summary = within(region).getByTestId('check-summary');
    expect(summary).toHaveTextContent('1 of 2 right');
    expect(summary).not.toHaveTextContent('topic complete');
    expect(summary).toHaveTextContent('Review the lesson or practise this topic to complete it');
    expect(within(summary).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: 'Complete and continue' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/checks/vn-anatomy/answers').map((c) => c.body)).toEqual([
      { subjectId: 'vagus-nerve', questionId: 'vn-anatomy-q5', answer: 'a' },
      { subjectId: 'vagus-nerve', questionId: 'vn-anatomy-q6', answer: 'a' },
    ]);
  }, 40_000);

  it('2 of 2 right: "topic complete" and Complete and continue to the next ready topic', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(checkHandlers([Q5, Q6]));
    renderApp({ route: ROUTE });
    const region = await checkRegion();
    await answer(user, region, 'X');
    await user.click(within(region).getByRole('button', { name: 'Next question' }));
    await answer(user, region, 'The abdomen');

    const summary = within(region).getByTestId('check-summary');
    expect(summary).toHaveTextContent('2 of 2 right — topic complete');
    expect(summary).not.toHaveTextContent('Review the lesson');
    await user.click(within(summary).getByRole('button', { name: 'Complete and continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/node/vn-breath?subject=vagus-nerve'));
    const pathCall = callsTo(fetchMock, 'GET /api/users/me/path')[0];
    expect(pathCall.url.searchParams.get('subjectId')).toBe('vagus-nerve');
    expect(pathCall.url.searchParams.get('after')).toBe('vn-anatomy');
  }, 40_000);

  it.each([
    [{ type: 'topic', topic: { id: 'vn-breath', title: 'Slow Breathing' } }, '/node/vn-breath?subject=vagus-nerve'],
    [{ type: 'post_test', quiz: 'q_final' }, '/quiz?subject=vagus-nerve&kind=final'],
    [
      { type: 'practice', reason: 'Master “Anatomy & Foundations” to open this module' },
      '/practice?subject=vagus-nerve',
    ],
  ] satisfies [LearningPath['next'], string][])('next %j leads to %s', async (next, to) => {
    const user = userEvent.setup();
    const done = { ...KEY };
    installFetch(
      checkHandlers(
        [
          {
            ...Q5,
            answered: {
              answer: 'b',
              correct: true,
              correctAnswer: 'b',
              explanation: done['vn-anatomy-q5'].explanation,
            },
          },
          {
            ...Q6,
            answered: {
              answer: 'a',
              correct: true,
              correctAnswer: 'a',
              explanation: done['vn-anatomy-q6'].explanation,
            },
          },
        ],
        { 'GET /api/users/me/path': { body: path(next) } },
        { check: { total: 2, answered: 2, correct: 2, passed: true }, complete: true },
      ),
    );
    renderApp({ route: ROUTE });
    const region = await checkRegion();
    await user.click(within(region).getByRole('button', { name: 'Complete and continue' }));
    await waitFor(() => expect(currentLocation()).toBe(to));
  });

  it('a reload shows the feedback of the answered item again, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(
      checkHandlers(
        [
          {
            ...Q5,
            answered: {
              answer: 'c',
              correct: false,
              correctAnswer: 'b',
              explanation: KEY['vn-anatomy-q5'].explanation,
            },
          },
          Q6,
        ],
        {},
        { check: { total: 2, answered: 1, correct: 0, passed: false } },
      ),
    );
    renderApp({ route: ROUTE });
    const region = await checkRegion();
    const feedback = within(region).getByTestId('check-feedback');
    expect(within(region).getByTestId('check-position')).toHaveTextContent('Question 1 of 2');
    expect(within(region).getByRole('radio', { name: 'XII' })).toBeChecked();
    expect(within(feedback).getByRole('heading', { name: 'Not quite' })).toBeInTheDocument();
    expect(within(feedback).getByTestId('check-correct-answer')).toHaveTextContent('The correct answer: X');
    expect(within(feedback).getByTestId('check-explanation')).toHaveTextContent('V is the trigeminal.');
    expect(within(region).queryByRole('button', { name: 'Check answer' })).not.toBeInTheDocument();

    await user.click(within(feedback).getByRole('button', { name: 'Next question' }));
    expect(within(region).getByRole('radiogroup', { name: 'Where do its fibres reach?' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/checks/vn-anatomy/answers')).toHaveLength(0);
  });

  it('a reload after the last answer shows the summary from the server: complete by level, 1 of 2 right', async () => {
    installFetch(
      checkHandlers(
        [
          { ...Q5, answered: { answer: 'b', correct: true, correctAnswer: 'b', explanation: '<p>Right.</p>' } },
          { ...Q6, answered: { answer: 'b', correct: false, correctAnswer: 'a', explanation: '<p>Not the neck.</p>' } },
        ],
        {},
        { check: { total: 2, answered: 2, correct: 1, passed: false }, complete: true },
      ),
    );
    renderApp({ route: ROUTE });
    const region = await checkRegion();
    expect(within(region).getByTestId('check-position')).toHaveTextContent('Question 2 of 2');
    expect(
      within(within(region).getByTestId('check-feedback')).getByRole('heading', { name: 'Not quite' }),
    ).toBeInTheDocument();
    const summary = within(region).getByTestId('check-summary');
    expect(summary).toHaveTextContent('1 of 2 right — topic complete');
    expect(within(summary).getByRole('button', { name: 'Complete and continue' })).toBeInTheDocument();
  });

  it('can be answered with the keyboard alone', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(checkHandlers([Q5, Q6]));
    renderApp({ route: ROUTE });
    const region = await checkRegion();
    // into the radio group, down to the second choice, on to Check answer
    within(region).getByRole('radio', { name: 'V' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(within(region).getByRole('radio', { name: 'X' })).toBeChecked();
    await user.tab();
    expect(within(region).getByRole('button', { name: 'Check answer' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const feedback = await within(region).findByTestId('check-feedback');
    expect(within(feedback).getByRole('heading', { name: 'Correct' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/checks/vn-anatomy/answers')[0].body).toMatchObject({ answer: 'b' });
    // focus is on the feedback: Tab reaches Next question, Enter shows the next item with focus on its question
    await user.tab();
    expect(within(feedback).getByRole('button', { name: 'Next question' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(region).getByText('Where do its fibres reach?').closest('[tabindex="-1"]')).toHaveFocus();
  });

  it("says so when the answer is refused, and keeps the learner's choice to try again", async () => {
    const user = userEvent.setup();
    installFetch(
      checkHandlers([Q5, Q6], {
        'POST /api/checks/vn-anatomy/answers': {
          status: 400,
          body: errorBody(400, "answer must be one of the question's choice ids"),
        },
      }),
    );
    renderApp({ route: ROUTE });
    const region = await checkRegion();
    await user.click(within(region).getByRole('radio', { name: 'X' }));
    await user.click(within(region).getByRole('button', { name: 'Check answer' }));
    expect(await toast()).toHaveTextContent("answer must be one of the question's choice ids");
    expect(within(region).queryByTestId('check-feedback')).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Check answer' })).toBeEnabled();
  });
});
