import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../AppProviders';
import { AppRoutes } from '../../App';
import { createQueryClient } from '../../query-client';
import { SessionController } from '../auth/session-controller';
import {
  callsTo,
  deferred,
  errorBody,
  installFetch,
  pendingRequests,
  type Handler,
  type MockReply,
} from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { VAGUS_GRAPH, graphHandlers } from '../../test/graph-fixtures';
import { masteryAnswer, topicSkills } from '../../test/mastery-fixtures';
import { signedIn, toast } from '../../test/helpers';
import { LocationProbe, renderApp } from '../../test/render';
import type { QuizAttempt, QuizProgress, QuizQuestion, QuizResult, QuizStep } from '../../api';
import { ACCESS_RESTRICTED_TEXT } from './quiz-texts';

const Q1: QuizQuestion = {
  id: 'q1',
  stemHtml: '<p>Where does the vagus nerve <strong>start</strong>?</p>',
  choices: [
    { id: 'a', textHtml: 'Brainstem' },
    { id: 'b', textHtml: 'Spinal cord' },
  ],
};
const Q2: QuizQuestion = {
  id: 'q2',
  stemHtml: '<p>Which breathing pace raises HRV?</p>',
  choices: [
    { id: 'a', textHtml: '<em>Six</em> breaths a minute' },
    { id: 'b', textHtml: 'Twenty breaths a minute' },
  ],
};

// An adaptive attempt: the first question, then one at a time.
const ATTEMPT: QuizAttempt = {
  attemptId: 'att-1',
  kind: 'q_diag',
  subjectId: 'vagus-nerve',
  done: false,
  question: Q1,
  questions: [Q1],
  progress: { answered: 0, remaining: 4, cap: 20, confidence: 0.6 },
  resumed: false,
  questionNumber: 1,
  asked: [],
};

const RESULT: QuizResult = {
  attemptId: 'att-1',
  score: 0.5,
  graded: [
    { questionId: 'q1', correct: true },
    { questionId: 'q2', correct: false },
  ],
  nextStep: { type: 'practice', skills: ['Slow Breathing'] },
  gating: {
    passed: true,
    unlockModules: ['foundations'],
    tagUser: ['vagus-nerve:diagnostic-done'],
    recommendReview: ['Heart Rate Variability'],
    cooldownHours: 2,
  },
  mastery: { 'Vagus Anatomy': 0.8 },
  topics: [
    {
      id: 'vagus-anatomy',
      title: 'Vagus Anatomy',
      moduleId: 'foundations',
      level: 0.82,
      label: 'Advanced',
      mastered: true,
      asked: 1,
    },
    {
      id: 'hrv',
      title: 'Heart Rate Variability',
      moduleId: 'physiology',
      level: 0.12,
      label: 'Beginner',
      mastered: false,
      asked: 0,
    },
  ],
  questionsAsked: 2,
  confidence: 0.91,
  knownShare: 0.5,
};

/** A post test's result: passed, with a module mastered. */
const POST_TEST_RESULT: QuizResult = {
  ...RESULT,
  nextStep: { type: 'advance', skills: ['Vagus Anatomy'] },
  gating: {
    ...RESULT.gating,
    tagUser: ['vagus-nerve:post-test-passed', 'vagus-nerve:foundations-mastered'],
  },
};

/** A diagnostic's result with the placement the server adds (docs/learning-loop-api.md §5). */
const DIAGNOSTIC_RESULT = {
  ...RESULT,
  placement: {
    known: 7,
    total: 16,
    start: { id: 'hrv', title: 'Heart Rate Variability' },
    learnNext: [
      { id: 'hrv', title: 'Heart Rate Variability', moduleId: 'physiology' },
      { id: 'slow-breathing', title: 'Slow Breathing', moduleId: 'practice' },
    ],
  },
} as QuizResult;

const AFTER_ONE: QuizProgress = { answered: 1, remaining: 1, cap: 20, confidence: 0.7 };
const AFTER_TWO: QuizProgress = { answered: 2, remaining: 0, cap: 20, confidence: 0.91 };

/** The answer to the first question: the second one. */
const NEXT_Q2: QuizStep = { attemptId: 'att-1', done: false, question: Q2, progress: AFTER_ONE };

/** The answer to the last question: done, with the result. */
function done(result: QuizResult = RESULT): QuizStep {
  return { attemptId: 'att-1', done: true, progress: AFTER_TWO, result };
}

/** The answer route: Q2 after the first answer, then done with `result`. */
function answers(result: QuizResult = RESULT): Handler {
  let n = 0;
  return () => (n++ === 0 ? { body: NEXT_Q2 } : { body: done(result) });
}

function handlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...signedIn(),
    ...catalogHandlers,
    'POST /api/quizzes/q_diag/attempts': { status: 201, body: ATTEMPT },
    'POST /api/attempts/att-1/answer': answers(),
    'POST /api/attempts/submit': { body: RESULT },
    ...extra,
  };
}

/** Answers both questions (Brainstem, then Six breaths a minute), submitting each. */
async function answerAll(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Brainstem' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await user.click(await screen.findByRole('radio', { name: 'Six breaths a minute' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('/quiz', () => {
  it("shows 'Missing subject' with Go to Dashboard when there is no subject", async () => {
    const fetchMock = installFetch(handlers());
    renderApp({ route: '/quiz?kind=diag' });
    expect(await screen.findByRole('heading', { name: 'Missing subject' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(callsTo(fetchMock, 'POST /api/quizzes/q_diag/attempts')).toHaveLength(0);
  });

  it('starts exactly one attempt under StrictMode, with a spinner while it runs', async () => {
    const pending = deferred<MockReply>();
    const fetchMock = installFetch(handlers({ 'POST /api/quizzes/q_diag/attempts': () => pending.promise }));
    render(
      <StrictMode>
        <AppProviders
          queryClient={createQueryClient()}
          sessionController={new SessionController({ locks: null })}
          router={(children) => (
            <MemoryRouter initialEntries={['/quiz?subject=vagus-nerve&kind=diag']}>
              {children}
              <LocationProbe />
            </MemoryRouter>
          )}
        >
          <AppRoutes />
        </AppProviders>
      </StrictMode>,
    );

    expect(await screen.findByRole('progressbar', { name: 'Starting assessment' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Diagnostic' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/quizzes/q_diag/attempts')).toHaveLength(1));
    pending.resolve({ status: 201, body: ATTEMPT });

    expect(await screen.findByRole('radio', { name: 'Brainstem' })).toBeInTheDocument();
    // StrictMode's replayed mount has run and every request the page made has been answered, so a
    // duplicate start would be among the calls by now.
    await waitFor(() => expect(pendingRequests(fetchMock)).toBe(0));
    const calls = callsTo(fetchMock, 'POST /api/quizzes/q_diag/attempts');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ subject: 'vagus-nerve' });
  });

  it('serves one question at a time: Question N, about how many remain, Submit once a choice is made', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(handlers());
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=diag' });

    expect(await screen.findByRole('radiogroup', { name: 'Where does the vagus nerve start?' })).toBeInTheDocument();
    // Html is rendered, not escaped.
    expect(screen.getByText('start', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByTestId('quiz-question-number')).toHaveTextContent('Question 1');
    expect(screen.getByTestId('quiz-progress')).toHaveTextContent('About 4 more questions');
    // only the current question is on the page
    expect(screen.queryByRole('radio', { name: 'Six breaths a minute' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish now' })).not.toBeInTheDocument();

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Spinal cord' }));
    await user.click(screen.getByRole('radio', { name: 'Brainstem' }));
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(callsTo(fetchMock, 'POST /api/attempts/att-1/answer')[0].body).toEqual({ questionId: 'q1', answer: 'a' });
    const second = await screen.findByRole('radio', { name: 'Six breaths a minute' });
    expect(second).not.toBeChecked();
    expect(screen.getByText('Six', { selector: 'em' })).toBeInTheDocument();
    expect(screen.getByTestId('quiz-question-number')).toHaveTextContent('Question 2');
    // the new question's heading takes the focus
    expect(screen.getByTestId('quiz-question-number')).toHaveFocus();
    expect(screen.getByTestId('quiz-progress')).toHaveTextContent('About 1 more question');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Finish now' })).toBeEnabled();
  });

  it('shows Submitting... while an answer is sent; a post test result has its score, pass mark, achievements and each answer right or wrong', async () => {
    const user = userEvent.setup();
    const pending = deferred<MockReply>();
    let n = 0;
    const fetchMock = installFetch(
      handlers({
        'POST /api/quizzes/q_final/attempts': { status: 201, body: { ...ATTEMPT, kind: 'q_final' } },
        'POST /api/attempts/att-1/answer': () => (n++ === 0 ? { body: NEXT_Q2 } : pending.promise),
      }),
    );
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=final' });
    await user.click(await screen.findByRole('radio', { name: 'Brainstem' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('radio', { name: 'Six breaths a minute' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Six breaths a minute' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/attempts/att-1/answer')[1].body).toEqual({ questionId: 'q2', answer: 'a' });

    pending.resolve({ body: done(POST_TEST_RESULT) });
    const heading = await screen.findByRole('heading', { name: 'Results' });
    // the result takes the focus
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('quiz-score')).toHaveTextContent('50%');
    expect(screen.getByText('Score: 1 of 2 correct')).toBeInTheDocument();
    expect(screen.getByTestId('quiz-confidence')).toHaveTextContent('Confidence in your topic levels: 91%');
    expect(screen.queryByTestId('quiz-placement')).not.toBeInTheDocument();

    const topics = within(screen.getByTestId('quiz-topics'));
    expect(topics.getByRole('link', { name: 'Vagus Anatomy' })).toHaveAttribute(
      'href',
      '/node/vagus-anatomy?subject=vagus-nerve',
    );
    expect(topics.getByText('Advanced')).toBeInTheDocument();
    expect(topics.getByText('82%')).toBeInTheDocument();
    expect(topics.getByText('12% (inferred)')).toBeInTheDocument();
    expect(topics.getByText('Beginner')).toBeInTheDocument();

    // right or wrong per answer, never the correct choice or the explanation, even when a server sends them
    const q1 = screen.getByRole('article', { name: 'Question 1' });
    expect(q1).toHaveAttribute('data-correct', 'true');
    expect(within(q1).getByText('Correct')).toBeInTheDocument();
    const q2 = screen.getByRole('article', { name: 'Question 2' });
    expect(q2).toHaveAttribute('data-correct', 'false');
    expect(within(q2).getByText('Incorrect')).toBeInTheDocument();
    expect(within(q2).getByText(/Your answer:/)).toHaveTextContent('Your answer: Six breaths a minute');
    expect(screen.queryByTestId('correct-answer')).not.toBeInTheDocument();
    expect(screen.queryByText(/Correct answer/)).not.toBeInTheDocument();
    expect(screen.queryByText('It leaves the medulla.')).not.toBeInTheDocument();
    expect(screen.queryByText('Slow breathing is about six a minute.')).not.toBeInTheDocument();

    expect(screen.getByTestId('quiz-next-step')).toHaveTextContent('Advance');
    expect(within(screen.getByRole('list', { name: 'Skills' })).getByText('Vagus Anatomy')).toBeInTheDocument();

    expect(screen.getByTestId('quiz-passed')).toHaveTextContent('Passed');
    // achievements are readable; the bookkeeping tags are not shown, nor any raw tag
    const achievements = within(screen.getByRole('group', { name: 'Achievements' }));
    expect(achievements.getByText('Vagus Nerve post test passed')).toBeInTheDocument();
    expect(achievements.getByText('foundations mastered')).toBeInTheDocument();
    expect(screen.queryByText(/vagus-nerve:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Tags' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Review recommended' })).getByText('Heart Rate Variability'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('quiz-cooldown')).toHaveTextContent('You can retake this assessment in 2 hours.');

    expect(screen.getByRole('link', { name: 'Back to Graph' })).toHaveAttribute('href', '/graph?subject=vagus-nerve');
    expect(screen.getByRole('link', { name: 'View Mastery' })).toHaveAttribute('href', '/mastery');
  });

  it('a diagnostic places the learner: what they know, Start with the first topic, what to learn next once; no grade', async () => {
    const user = userEvent.setup();
    installFetch(handlers({ 'POST /api/attempts/att-1/answer': answers(DIAGNOSTIC_RESULT) }));
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=diag' });
    await answerAll(user);

    expect(await screen.findByRole('heading', { name: 'Results' })).toBeInTheDocument();
    expect(screen.getByTestId('quiz-placement')).toHaveTextContent('You already know 7 of 16 topics');
    const start = screen.getByRole('link', { name: 'Start' });
    expect(start).toHaveAttribute('href', '/node/hrv?subject=vagus-nerve');
    expect(start).toHaveAccessibleDescription('First topic: Heart Rate Variability');
    expect(screen.getByText('First topic: Heart Rate Variability')).toBeInTheDocument();

    // what to learn next, once each, linked
    const next = within(screen.getByTestId('quiz-learn-next'));
    expect(screen.getByRole('heading', { name: 'What to learn next' })).toBeInTheDocument();
    expect(next.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Heart Rate Variability', '/node/hrv?subject=vagus-nerve'],
      ['Slow Breathing', '/node/slow-breathing?subject=vagus-nerve'],
    ]);
    for (const title of ['Heart Rate Variability', 'Slow Breathing'])
      expect(screen.getAllByRole('link', { name: title })).toHaveLength(1);

    // what is already known: collapsed until opened
    expect(screen.getByRole('heading', { level: 2, name: 'Already known' })).toBeInTheDocument();
    const known = screen.getByRole('button', { name: 'Already known' });
    expect(known).toHaveAttribute('aria-expanded', 'false');
    await user.click(known);
    expect(known).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Vagus Anatomy' })).toHaveAttribute(
      'href',
      '/node/vagus-anatomy?subject=vagus-nerve',
    );

    // answers right or wrong only
    expect(screen.getByRole('article', { name: 'Question 1' })).toHaveAttribute('data-correct', 'true');
    expect(screen.getByRole('article', { name: 'Question 2' })).toHaveAttribute('data-correct', 'false');
    expect(screen.queryByText(/Correct answer/)).not.toBeInTheDocument();
    expect(screen.queryByText('Slow breathing is about six a minute.')).not.toBeInTheDocument();

    // never a grade: no score, no pass mark, no review or next-step chips, no raw tags, no topic levels
    expect(screen.queryByTestId('quiz-score')).not.toBeInTheDocument();
    expect(screen.queryByText('50%')).not.toBeInTheDocument();
    expect(screen.queryByText(/Score:/)).not.toBeInTheDocument();
    expect(screen.queryByText('Passed')).not.toBeInTheDocument();
    expect(screen.queryByText('Not passed')).not.toBeInTheDocument();
    expect(screen.queryByTestId('quiz-passed')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Skills' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Review recommended' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('quiz-next-step')).not.toBeInTheDocument();
    expect(screen.queryByText(/vagus-nerve:/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('quiz-topics')).not.toBeInTheDocument();
    expect(screen.getByTestId('quiz-cooldown')).toHaveTextContent('You can retake this assessment in 2 hours.');
  });

  it('a diagnostic that finds every topic known offers the post test instead of Start', async () => {
    const user = userEvent.setup();
    installFetch(
      handlers({
        'POST /api/attempts/att-1/answer': answers({
          ...DIAGNOSTIC_RESULT,
          placement: { known: 16, total: 16, start: null, learnNext: [] },
        } as QuizResult),
      }),
    );
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=diag' });
    await answerAll(user);
    expect(await screen.findByTestId('quiz-placement')).toHaveTextContent('You already know 16 of 16 topics');
    expect(screen.queryByRole('link', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take Post Test' })).toHaveAttribute(
      'href',
      '/quiz?subject=vagus-nerve&kind=final',
    );
    expect(screen.queryByRole('heading', { name: 'What to learn next' })).not.toBeInTheDocument();
  });

  it('a diagnostic result without a placement (an older server) is placed from its topics, still without a grade', async () => {
    const user = userEvent.setup();
    installFetch(
      handlers({
        'POST /api/quizzes/q_diag_clinician/attempts': { status: 201, body: { ...ATTEMPT, kind: 'q_diag_clinician' } },
      }),
    );
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=diag-clinician' });
    await answerAll(user);
    // RESULT: Vagus Anatomy at 0.82 (known), Heart Rate Variability at 0.12
    expect(await screen.findByTestId('quiz-placement')).toHaveTextContent('You already know 1 of 2 topics');
    expect(screen.getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/node/hrv?subject=vagus-nerve');
    expect(screen.queryByTestId('quiz-passed')).not.toBeInTheDocument();
  });

  it('resumes an open attempt at its question, with the earlier answers kept for the results', async () => {
    const user = userEvent.setup();
    const RESUMED: QuizAttempt = {
      ...ATTEMPT,
      question: Q2,
      questions: [Q2],
      progress: AFTER_ONE,
      resumed: true,
      questionNumber: 2,
      asked: [{ question: Q1, answer: 'a' }],
    };
    const fetchMock = installFetch(
      handlers({
        'POST /api/quizzes/q_diag/attempts': { status: 200, body: RESUMED },
        'POST /api/attempts/att-1/answer': { body: done() },
      }),
    );
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=diag' });

    expect(await screen.findByRole('radio', { name: 'Six breaths a minute' })).not.toBeChecked();
    expect(screen.getByTestId('quiz-question-number')).toHaveTextContent('Question 2');
    expect(screen.queryByRole('radio', { name: 'Brainstem' })).not.toBeInTheDocument();
    // a question has been answered already: the attempt can be finished now
    expect(screen.getByRole('button', { name: 'Finish now' })).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: 'Six breaths a minute' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(callsTo(fetchMock, 'POST /api/attempts/att-1/answer')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/attempts/att-1/answer')[0].body).toEqual({ questionId: 'q2', answer: 'a' });
    await screen.findByRole('heading', { name: 'Results' });
    // both answers are reviewed: the one kept from before the reload and the one given now
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Question 1' })).toHaveAttribute('data-correct', 'true');
    expect(screen.getByRole('article', { name: 'Question 2' })).toHaveAttribute('data-correct', 'false');
  });

  it('Finish now ends the attempt with the answers given so far (and the current choice)', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(
      handlers({ 'POST /api/attempts/submit': { body: { ...RESULT, graded: [RESULT.graded[0], RESULT.graded[1]] } } }),
    );
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=diag' });
    await user.click(await screen.findByRole('radio', { name: 'Brainstem' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('radio', { name: 'Twenty breaths a minute' }));
    await user.click(screen.getByRole('button', { name: 'Finish now' }));
    await screen.findByRole('heading', { name: 'Results' });
    expect(callsTo(fetchMock, 'POST /api/attempts/submit')[0].body).toEqual({
      attemptId: 'att-1',
      responses: [{ questionId: 'q2', answer: 'b' }],
    });
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('keeps the question and its choice when sending an answer fails', async () => {
    const user = userEvent.setup();
    installFetch(
      handlers({
        'POST /api/attempts/att-1/answer': {
          status: 409,
          body: errorBody(409, 'Question q1 has already been answered'),
        },
      }),
    );
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=diag' });
    await user.click(await screen.findByRole('radio', { name: 'Brainstem' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const t = await toast();
    expect(within(t).getByText('Submission failed')).toBeInTheDocument();
    expect(within(t).getByText('Question q1 has already been answered')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Brainstem' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('invalidates the cached graph after submitting', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(
      handlers({
        ...graphHandlers(VAGUS_GRAPH),
        'GET /api/users/me/mastery': { body: masteryAnswer(topicSkills('vagus-nerve', { 'Vagus Anatomy': 0.4 })) },
        'POST /api/quizzes/q_final/attempts': { status: 201, body: { ...ATTEMPT, kind: 'q_final' } },
        'POST /api/attempts/att-1/answer': answers(POST_TEST_RESULT),
      }),
    );
    renderApp({ route: '/graph?subject=vagus-nerve' });
    await user.click(await screen.findByRole('link', { name: 'Take Post Test' }));
    await screen.findByRole('radio', { name: 'Brainstem' });
    expect(callsTo(fetchMock, 'GET /api/graph')).toHaveLength(1);
    await answerAll(user);
    await screen.findByRole('heading', { name: 'Results' });
    // Module ids are shown by their titles from the cached graph.
    expect(
      within(screen.getByRole('group', { name: 'Achievements' })).getByText('Anatomy & Foundations mastered'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Graph' }));
    await screen.findByRole('heading', { name: 'Learning Graph' });
    // Fresh (staleTime 30 s) but invalidated: fetched again.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/graph')).toHaveLength(2));
  });

  it("shows 'Not passed' for a failed post test", async () => {
    const user = userEvent.setup();
    installFetch(
      handlers({
        'POST /api/quizzes/q_final/attempts': { status: 201, body: { ...ATTEMPT, kind: 'q_final' } },
        'POST /api/attempts/att-1/answer': answers({
          ...RESULT,
          score: 0,
          gating: { passed: false, unlockModules: [], tagUser: [], recommendReview: [], cooldownHours: 0 },
        }),
      }),
    );
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=final' });
    await answerAll(user);
    expect(await screen.findByTestId('quiz-passed')).toHaveTextContent('Not passed');
    expect(screen.queryByRole('group', { name: 'Achievements' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('quiz-cooldown')).not.toBeInTheDocument();
  });

  it('sends clinician: true for the clinician diagnostic and titles it', async () => {
    const fetchMock = installFetch(
      handlers({
        'POST /api/quizzes/q_diag_clinician/attempts': { status: 201, body: { ...ATTEMPT, kind: 'q_diag_clinician' } },
      }),
    );
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=diag-clinician' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinician Diagnostic' })).toBeInTheDocument();
    await screen.findByRole('radio', { name: 'Brainstem' });
    expect(callsTo(fetchMock, 'POST /api/quizzes/q_diag_clinician/attempts')[0].body).toEqual({
      subject: 'vagus-nerve',
      clinician: true,
    });
  });

  it("maps kind=final to q_final with the title 'Post Test'", async () => {
    const fetchMock = installFetch(handlers({ 'POST /api/quizzes/q_final/attempts': { status: 201, body: ATTEMPT } }));
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=final' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post Test' })).toBeInTheDocument();
    await screen.findByRole('radio', { name: 'Brainstem' });
    expect(callsTo(fetchMock, 'POST /api/quizzes/q_final/attempts')).toHaveLength(1);
  });

  it("toasts 'Access restricted' with the server's message and offers the way back to the graph", async () => {
    installFetch(
      handlers({
        'POST /api/quizzes/q_diag/attempts': {
          status: 403,
          body: errorBody(403, 'You do not have access to this course. Buy access to continue.'),
        },
      }),
    );
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=diag' });
    const t = await toast();
    expect(within(t).getByText('Access restricted')).toBeInTheDocument();
    expect(within(t).getByText('You do not have access to this course. Buy access to continue.')).toBeInTheDocument();
    // said once: the page's panel has its own heading
    expect(screen.getAllByText('Access restricted')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'This assessment is not available right now' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Starting assessment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Graph' })).toHaveAttribute('href', '/graph?subject=vagus-nerve');
  });

  it("toasts the generic 'Access restricted' text when the server gives no message", async () => {
    installFetch(handlers({ 'POST /api/quizzes/q_diag/attempts': { status: 500 } }));
    renderApp({ route: '/quiz?subject=vagus-nerve&kind=diag' });
    const t = await toast();
    expect(within(t).getByText('Access restricted')).toBeInTheDocument();
    expect(within(t).getByText(ACCESS_RESTRICTED_TEXT)).toBeInTheDocument();
    expect(ACCESS_RESTRICTED_TEXT).toBe(
      'Access to this assessment is restricted. If you believe this is an error, please contact an administrator.',
    );
  });
});
