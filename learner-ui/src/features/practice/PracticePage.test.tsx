import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, deferred, errorBody, installFetch, type Handler, type MockReply } from '../../test/fetch-mock';
import { catalogHandlers, entitlement } from '../../test/catalog-fixtures';
import { signedIn, toast } from '../../test/helpers';
import { renderApp } from '../../test/render';
import type {
  PracticeAnswerInput,
  PracticeAnswerResult,
  PracticeCard,
  PracticeReviewInput,
  PracticeReviewResult,
  PracticeStats,
} from '../../api';
import { describeDue, formatAccuracy, intervalWords, nextStreak } from './hooks';

const STATS: PracticeStats = { due: 12, completedToday: 8, accuracy: 0.853, streak: 4, totalReviews: 40 };

function card(n: number): PracticeCard {
  return {
    nodeId: `node-${n}`,
    title: `Topic ${n}`,
    questionId: `node-${n}-q1`,
    question: `Question about topic ${n}?`,
    options: [
      { id: 'a', text: `Right answer ${n}` },
      { id: 'b', text: `Wrong answer ${n}` },
    ],
    type: 'multiple_choice',
    due: '2026-03-01T00:00:00.000Z',
  };
}

/** The key of every card: option a, with an explanation naming the tempting b. */
function graded(body: PracticeAnswerInput): PracticeAnswerResult {
  const n = body.nodeId.replace('node-', '');
  return {
    nodeId: body.nodeId,
    questionId: body.questionId,
    correct: body.answer === 'a',
    correctAnswer: 'a',
    // sanitised html, as the server sends it: entities and inline tags show as text does
    explanation: `Right answer ${n} holds because of the <em>lesson</em>; Wrong answer ${n} isn&#39;t &amp; is the tempting one.`,
    counted: true,
    mastery: 0.6,
    intervals: [
      { rating: 0, label: 'Again', scheduledDays: 0, due: '2026-03-01T00:10:00.000Z' },
      { rating: 1, label: 'Hard', scheduledDays: 1, due: '2026-03-02T09:00:00.000Z' },
      { rating: 3, label: 'Good', scheduledDays: 3, due: '2026-03-04T09:00:00.000Z' },
      { rating: 5, label: 'Easy', scheduledDays: 8, due: '2026-03-09T09:00:00.000Z' },
    ],
  };
}

/** The practice routes: answer grades the served card, review rates the graded answer (409 before). */
function practiceServer() {
  const answers = new Map<string, boolean>();
  return {
    'POST /api/practice/answer': (req: { body: unknown }): MockReply => {
      const body = req.body as PracticeAnswerInput;
      const result = graded(body);
      answers.set(body.nodeId, result.correct);
      return { body: result };
    },
    'POST /api/practice/review': (req: { body: unknown }): MockReply => {
      const body = req.body as PracticeReviewInput;
      if (!answers.has(body.nodeId)) {
        return { status: 409, body: errorBody(409, "Answer this card's question before rating it") };
      }
      const result: PracticeReviewResult = {
        nodeId: body.nodeId,
        rating: body.rating,
        correct: answers.get(body.nodeId) ?? null,
        due: '2026-03-04T09:00:00.000Z',
        scheduledDays: 3,
        state: 'Review',
        mastery: 0.6,
      };
      answers.delete(body.nodeId);
      return { body: result };
    },
  };
}

function handlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  let served = 0;
  return {
    ...signedIn(),
    ...catalogHandlers,
    'GET /api/practice/stats': { body: STATS },
    // A fresh card each time: node-1, node-2, ...
    'GET /api/practice/next': () => ({ body: [card(++served)] }),
    ...practiceServer(),
    ...extra,
  };
}

/** A rating button by its label, whatever interval it shows. */
function ratingButton(label: string) {
  return screen.getByRole('button', { name: new RegExp(`^${label}( · |$)`) });
}

function stat(label: string) {
  return screen.getByRole('group', { name: label });
}

function streakText() {
  return screen.getByTestId('session-streak').textContent;
}

async function answerAndRate(
  user: ReturnType<typeof userEvent.setup>,
  n: number,
  option: 'Right' | 'Wrong',
  rating: string,
) {
  await user.click(await screen.findByRole('button', { name: `${option} answer ${n}` }));
  await screen.findByTestId('practice-feedback');
  await user.click(ratingButton(rating));
  await screen.findByRole('button', { name: 'Next Question' });
}

describe('/practice', () => {
  it("without a course in the header, practises the learner's first owned course", async () => {
    const fetchMock = installFetch(
      handlers({ 'GET /api/entitlements': { body: [entitlement('metabolic'), entitlement('vagus-nerve')] } }),
    );
    renderApp({ route: '/practice' });
    await waitFor(() => expect(within(stat('Cards Due')).getByText('12')).toBeInTheDocument());
    expect(within(stat('Completed Today')).getByText('8')).toBeInTheDocument();
    expect(within(stat('Accuracy')).getByText('85%')).toBeInTheDocument();
    expect(within(stat('Streak')).getByText('4 days')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/practice/stats')[0].url.searchParams.get('subjectId')).toBe('metabolic');
    expect(screen.getByRole('button', { name: 'Start Practice' })).toBeInTheDocument();
    // Nothing is fetched before the learner starts.
    expect(callsTo(fetchMock, 'GET /api/practice/next')).toHaveLength(0);
  });

  it('without a course in the header or an owned course, asks for one and calls nothing', async () => {
    const fetchMock = installFetch(handlers({ 'GET /api/entitlements': { body: [] } }));
    renderApp({ route: '/practice' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Practice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/shop');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/entitlements')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /api/practice/stats')).toHaveLength(0);
  });

  it('shows a dash for accuracy before any answer', async () => {
    installFetch(handlers({ 'GET /api/practice/stats': { body: { ...STATS, accuracy: null } } }));
    renderApp({ route: '/practice?subject=vagus-nerve' });
    await waitFor(() => expect(within(stat('Accuracy')).getByText('—')).toBeInTheDocument());
  });

  it('seeds the cards when the queue is empty and there are none yet, then refetches', async () => {
    const user = userEvent.setup();
    let seeded = false;
    const fetchMock = installFetch(
      handlers({
        'GET /api/practice/stats': { body: { due: 0, completedToday: 0, accuracy: null, streak: 0, totalReviews: 0 } },
        'GET /api/practice/next': () => ({ body: seeded ? [card(1)] : [] }),
        'POST /api/practice/seed': () => {
          seeded = true;
          return { status: 201, body: { created: 6 } };
        },
      }),
    );
    renderApp({ route: '/practice?subject=vagus-nerve' });
    await user.click(await screen.findByRole('button', { name: 'Start Practice' }));

    expect(await screen.findByRole('heading', { name: 'Topic 1' })).toBeInTheDocument();
    expect(screen.getByText('Question about topic 1?')).toBeInTheDocument();
    const seeds = callsTo(fetchMock, 'POST /api/practice/seed');
    expect(seeds).toHaveLength(1);
    expect(seeds[0].body).toEqual({ subjectId: 'vagus-nerve' });
    const nexts = callsTo(fetchMock, 'GET /api/practice/next');
    expect(nexts).toHaveLength(2);
    expect(nexts[0].url.searchParams.get('subjectId')).toBe('vagus-nerve');
  });

  it("says 'All caught up' when nothing is due (no seeding once the learner has reviews)", async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(handlers({ 'GET /api/practice/next': { body: [] } }));
    renderApp({ route: '/practice?subject=vagus-nerve' });
    await waitFor(() => expect(within(stat('Cards Due')).getByText('12')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Start Practice' }));
    expect(await screen.findByRole('heading', { name: 'All caught up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Graph' })).toHaveAttribute('href', '/graph?subject=vagus-nerve');
    expect(screen.getByRole('link', { name: 'View Mastery' })).toHaveAttribute('href', '/mastery');
    expect(callsTo(fetchMock, 'POST /api/practice/seed')).toHaveLength(0);
  });

  it('shows a spinner while loading, then the question; choosing an option shows the feedback, then the rating step', async () => {
    const user = userEvent.setup();
    const pending = deferred<MockReply>();
    installFetch(handlers({ 'GET /api/practice/next': () => pending.promise }));
    renderApp({ route: '/practice?subject=vagus-nerve' });
    await user.click(await screen.findByRole('button', { name: 'Start Practice' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading practice cards' })).toBeInTheDocument();
    pending.resolve({ body: [card(1)] });

    const right = await screen.findByRole('button', { name: 'Right answer 1' });
    // no rating, no verdict before an answer
    expect(screen.queryByRole('button', { name: /^Good/ })).not.toBeInTheDocument();
    expect(screen.queryByText('How well did you know this?')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Great job' })).not.toBeInTheDocument();
    await user.click(right);
    expect(right).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Wrong answer 1' })).toBeDisabled();

    const feedback = await screen.findByTestId('practice-feedback');
    expect(within(feedback).getByRole('heading', { name: 'Great job' })).toBeInTheDocument();
    expect(within(feedback).getByTestId('practice-correct-answer')).toHaveTextContent(
      'The correct answer: Right answer 1',
    );
    expect(within(feedback).getByTestId('practice-explanation')).toHaveTextContent(
      "Right answer 1 holds because of the lesson; Wrong answer 1 isn't & is the tempting one.",
    );
    expect(feedback).toHaveFocus();
    // the rating step comes after the feedback, each rating with its interval
    const rate = screen.getByRole('group', { name: 'How well did you know this?' });
    expect(
      feedback.compareDocumentPosition(rate) & Node.DOCUMENT_POSITION_FOLLOWING,
      'the rating step follows the correct answer and the explanation',
    ).toBeTruthy();
    expect(
      within(rate)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Again · today', 'Hard · 1 day', 'Good · 3 days', 'Easy · 8 days']);
    for (const b of within(rate).getAllByRole('button')) expect(b).toBeEnabled();
  });

  it("a wrong answer reads 'Not quite' with the correct answer and the explanation, never 'Great job'", async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(handlers());
    renderApp({ route: '/practice?subject=vagus-nerve' });
    await user.click(await screen.findByRole('button', { name: 'Start Practice' }));
    await user.click(await screen.findByRole('button', { name: 'Wrong answer 1' }));

    const feedback = await screen.findByTestId('practice-feedback');
    expect(within(feedback).getByRole('heading', { name: 'Not quite' })).toBeInTheDocument();
    expect(within(feedback).getByTestId('practice-correct-answer')).toHaveTextContent(
      'The correct answer: Right answer 1',
    );
    expect(within(feedback).getByTestId('practice-explanation')).toHaveTextContent(
      "Wrong answer 1 isn't & is the tempting one.",
    );
    expect(screen.queryByText('Great job')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/practice/answer').map((r) => r.body)).toEqual([
      { subjectId: 'vagus-nerve', nodeId: 'node-1', questionId: 'node-1-q1', answer: 'b' },
    ]);
    expect(callsTo(fetchMock, 'POST /api/practice/review')).toHaveLength(0);

    await user.click(ratingButton('Again'));
    expect(await screen.findByTestId('practice-result')).toHaveTextContent('Your answer was not correct.');
    expect(screen.queryByText('Great job')).not.toBeInTheDocument();
  });

  it('says so when the answer cannot be graded, and lets the learner choose again', async () => {
    const user = userEvent.setup();
    installFetch(
      handlers({
        'POST /api/practice/answer': {
          status: 409,
          body: errorBody(409, 'This card has not been served yet: load it with GET /api/practice/next'),
        },
      }),
    );
    renderApp({ route: '/practice?subject=vagus-nerve' });
    await user.click(await screen.findByRole('button', { name: 'Start Practice' }));
    await user.click(await screen.findByRole('button', { name: 'Right answer 1' }));
    expect(await toast()).toHaveTextContent('This card has not been served yet');
    expect(screen.queryByTestId('practice-feedback')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Good/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wrong answer 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Right answer 1' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a card answered before (a reload before rating) goes straight to the rating step', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(
      handlers({
        'POST /api/practice/answer': {
          status: 409,
          body: errorBody(409, "This card's answer has already been graded: rate it"),
        },
        'POST /api/practice/review': (req) => ({
          body: {
            nodeId: (req.body as PracticeReviewInput).nodeId,
            rating: 3,
            correct: true,
            due: '2026-03-04T09:00:00.000Z',
            scheduledDays: 3,
            state: 'Review',
            mastery: 0.6,
          } satisfies PracticeReviewResult,
        }),
      }),
    );
    renderApp({ route: '/practice?subject=vagus-nerve' });
    await user.click(await screen.findByRole('button', { name: 'Start Practice' }));
    await user.click(await screen.findByRole('button', { name: 'Wrong answer 1' }));
    expect(await screen.findByTestId('practice-graded-before')).toHaveTextContent(
      'You answered this card before. Rate how well you knew it.',
    );
    for (const option of ['Right answer 1', 'Wrong answer 1']) {
      expect(screen.getByRole('button', { name: option })).toBeDisabled();
    }
    expect(screen.queryByTestId('practice-feedback')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Good' }));
    expect(await screen.findByTestId('practice-next-due')).toHaveTextContent('Topic 1: next review in 3 days');
    expect(callsTo(fetchMock, 'POST /api/practice/review').map((r) => r.body)).toEqual([
      { subjectId: 'vagus-nerve', nodeId: 'node-1', rating: 3 },
    ]);
  });

  it('answers, then sends ratings 3, 5 and 1 without the answer, and counts the session streak (+1 on >= 3, reset below)', async () => {
    const user = userEvent.setup();
    let statsCalls = 0;
    const fetchMock = installFetch(
      handlers({
        'GET /api/practice/stats': () => {
          statsCalls++;
          return { body: STATS };
        },
      }),
    );
    renderApp({ route: '/practice?subject=vagus-nerve' });
    await user.click(await screen.findByRole('button', { name: 'Start Practice' }));
    await screen.findByRole('heading', { name: 'Topic 1' });
    expect(streakText()).toBe('Session streak: 0');
    const statsBefore = statsCalls;

    // Good (3): +1
    await answerAndRate(user, 1, 'Right', 'Good');
    expect(streakText()).toBe('Session streak: 1');
    expect(screen.getByTestId('practice-result')).toHaveTextContent('Your answer was correct.');
    expect(screen.getByTestId('practice-next-due')).toHaveTextContent('Topic 1: next review in 3 days (Mar 4, 2026).');
    // Stats refreshed after the review.
    await waitFor(() => expect(statsCalls).toBeGreaterThan(statsBefore));

    // Easy (5): +1
    await user.click(screen.getByRole('button', { name: 'Next Question' }));
    await answerAndRate(user, 2, 'Right', 'Easy');
    expect(streakText()).toBe('Session streak: 2');

    // Hard (1): reset
    await user.click(screen.getByRole('button', { name: 'Next Question' }));
    await answerAndRate(user, 3, 'Wrong', 'Hard');
    expect(streakText()).toBe('Session streak: 0');
    expect(screen.getByTestId('practice-result')).toHaveTextContent('Your answer was not correct.');

    expect(callsTo(fetchMock, 'POST /api/practice/answer').map((r) => r.body)).toEqual([
      { subjectId: 'vagus-nerve', nodeId: 'node-1', questionId: 'node-1-q1', answer: 'a' },
      { subjectId: 'vagus-nerve', nodeId: 'node-2', questionId: 'node-2-q1', answer: 'a' },
      { subjectId: 'vagus-nerve', nodeId: 'node-3', questionId: 'node-3-q1', answer: 'b' },
    ]);
    // the spec's rating payload: no question, no answer
    expect(callsTo(fetchMock, 'POST /api/practice/review').map((r) => r.body)).toEqual([
      { subjectId: 'vagus-nerve', nodeId: 'node-1', rating: 3 },
      { subjectId: 'vagus-nerve', nodeId: 'node-2', rating: 5 },
      { subjectId: 'vagus-nerve', nodeId: 'node-3', rating: 1 },
    ]);
  }, 40_000);

  it('sends rating 0 for Again and resets the session streak', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(handlers());
    renderApp({ route: '/practice?subject=vagus-nerve' });
    await user.click(await screen.findByRole('button', { name: 'Start Practice' }));
    await answerAndRate(user, 1, 'Right', 'Good');
    expect(streakText()).toBe('Session streak: 1');
    await user.click(screen.getByRole('button', { name: 'Next Question' }));
    await answerAndRate(user, 2, 'Wrong', 'Again');
    expect(streakText()).toBe('Session streak: 0');
    expect(callsTo(fetchMock, 'POST /api/practice/review').map((r) => (r.body as { rating: number }).rating)).toEqual([
      3, 0,
    ]);
  }, 40_000);

  it("'Next Question' fetches and shows the next due card", async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(handlers());
    renderApp({ route: '/practice?subject=vagus-nerve' });
    await user.click(await screen.findByRole('button', { name: 'Start Practice' }));
    await answerAndRate(user, 1, 'Right', 'Good');
    expect(screen.queryByRole('heading', { name: 'Topic 1' })).not.toBeInTheDocument();
    // the rated panel keeps the next review and Next Question, and no longer says 'Great job' whatever the answer
    expect(screen.queryByText('Great job')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next Question' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next Question' }));
    expect(await screen.findByRole('heading', { name: 'Topic 2' })).toBeInTheDocument();
    expect(screen.queryByTestId('practice-feedback')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Good/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/practice/next')).toHaveLength(2);
  });
});

describe('practice helpers', () => {
  it('streak: +1 on a rating of at least 3, 0 below', () => {
    expect(nextStreak(2, 3)).toBe(3);
    expect(nextStreak(2, 5)).toBe(3);
    expect(nextStreak(2, 1)).toBe(0);
    expect(nextStreak(2, 0)).toBe(0);
  });

  it('formats accuracy and the next due date', () => {
    expect(formatAccuracy(0.5)).toBe('50%');
    expect(formatAccuracy(null)).toBe('—');
    expect(describeDue({ due: '2026-03-01T12:00:00.000Z', scheduledDays: 0 })).toBe('later today');
    expect(describeDue({ due: '2026-03-02T12:00:00.000Z', scheduledDays: 1 })).toBe('tomorrow (Mar 2, 2026)');
  });

  it("words a rating's interval for its button", () => {
    expect(intervalWords(0)).toBe('today');
    expect(intervalWords(1)).toBe('1 day');
    expect(intervalWords(3)).toBe('3 days');
    expect(intervalWords(59)).toBe('59 days');
    expect(intervalWords(90)).toBe('3 months');
    expect(intervalWords(365)).toBe('1 year');
    expect(intervalWords(800)).toBe('2 years');
  });
});
