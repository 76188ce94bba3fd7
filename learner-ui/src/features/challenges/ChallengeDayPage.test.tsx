import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, errorBody, installFetch, type Handler } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { signedIn } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { formatLocalDateTime } from './format';
import { COMPLETED, DETAIL, enrolledProgress, lockedDay, NOT_ENROLLED, OPEN_DAY } from './test-fixtures';

const BASE = '/api/me/challenges/vagus-breath-7';
const PROGRESS = `GET ${BASE}/progress`;
const QUIZ = `POST ${BASE}/days/1/quiz`;
const PROJECT = `POST ${BASE}/days/1/project`;
const BOT = `POST ${BASE}/days/1/bot/assess`;

function handlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...signedIn(),
    ...catalogHandlers,
    'GET /api/challenges/vagus-breath-7': { body: DETAIL },
    'GET /api/challenges/vagus-breath-7/days/1': { body: OPEN_DAY },
    [PROGRESS]: { body: enrolledProgress() },
    ...extra,
  };
}

const locked403 = (unlockAt: string) => ({
  status: 403,
  body: { ...errorBody(403, `Day 1 opens at ${unlockAt}`), unlockAt },
});

describe('/challenge/{cid}/day/{day}', () => {
  it('shows the lesson summary and steps, with links to the next day and back to the challenge', async () => {
    installFetch(handlers());
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Day 1: Diaphragmatic Breathing' }),
    ).toBeInTheDocument();
    const lesson = await screen.findByRole('region', { name: 'Lesson' });
    expect(within(lesson).getByText('The diaphragm is the main breathing muscle.')).toBeInTheDocument();
    expect(
      within(within(lesson).getByRole('list', { name: 'Steps' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sit quietly for one minute and count your breaths.', 'Place one hand on your belly.']);
    expect(screen.getByText('Hand-on-belly breathing · 15 min')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Day 1: Diaphragmatic Breathing · 7-Day Breath Reset · LearnPath'));

    const nav = screen.getByRole('navigation', { name: 'Challenge days' });
    expect(within(nav).queryByRole('link', { name: 'Previous day' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Next day' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7/day/2',
    );
    expect(within(nav).getByRole('link', { name: 'Back to challenge' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7',
    );
    // This day's progress from the fixture: passed.
    expect(await screen.findByText('Day 1 passed')).toBeInTheDocument();
  });

  it('a completed challenge without a name sends the learner to the challenge page to add it', async () => {
    installFetch(handlers({ [PROGRESS]: { body: { ...COMPLETED, certificateId: null, certificateNeedsName: true } } }));
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });
    expect(await screen.findByText('Day 1 passed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your name to receive your certificate' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7',
    );
    expect(screen.queryByRole('link', { name: 'View your certificate' })).not.toBeInTheDocument();
  });

  it('the middle and the last day link to their neighbours', async () => {
    installFetch(
      handlers({
        'GET /api/challenges/vagus-breath-7/days/7': { body: { ...OPEN_DAY, day: 7, title: 'Your Routine' } },
        'GET /api/challenges/vagus-breath-7/days/4': { body: { ...OPEN_DAY, day: 4, title: 'Box Breathing' } },
      }),
    );
    const { unmount } = renderApp({ route: '/challenge/vagus-breath-7/day/7' });
    await screen.findByRole('heading', { level: 1, name: 'Day 7: Your Routine' });
    let nav = screen.getByRole('navigation', { name: 'Challenge days' });
    expect(within(nav).getByRole('link', { name: 'Previous day' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7/day/6',
    );
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Back to challenge' })).toBeInTheDocument());
    expect(within(nav).queryByRole('link', { name: 'Next day' })).not.toBeInTheDocument();
    unmount();

    renderApp({ route: '/challenge/vagus-breath-7/day/4' });
    await screen.findByRole('heading', { level: 1, name: 'Day 4: Box Breathing' });
    nav = screen.getByRole('navigation', { name: 'Challenge days' });
    expect(within(nav).getByRole('link', { name: 'Previous day' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7/day/3',
    );
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Next day' })).toHaveAttribute(
        'href',
        '/challenge/vagus-breath-7/day/5',
      ),
    );
  });

  it('the quiz: a radio group per question, Submit once all are answered, then the server-graded score', async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch(
      handlers({ [QUIZ]: { body: { score: 0.5, passed: false, triesLeftToday: 2, retryAt: null } } }),
    );
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });

    const quiz = await screen.findByRole('region', { name: 'Quiz' });
    expect(within(quiz).getByText('Your best score so far: 100% (passed).', { exact: false })).toBeInTheDocument();
    const submit = within(quiz).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const q1 = within(quiz).getByRole('radiogroup', {
      name: 'During diaphragmatic breathing, what should your hands show?',
    });
    const q2 = within(quiz).getByRole('radiogroup', {
      name: 'A typical resting breathing rate for an adult is roughly how many breaths per minute?',
    });
    expect(within(q1).getAllByRole('radio')).toHaveLength(4);
    // No option is chosen for the learner.
    expect(within(quiz).queryByRole('radio', { checked: true })).not.toBeInTheDocument();

    await user.click(within(q1).getByRole('radio', { name: 'The belly hand rises more than the chest hand' }));
    expect(submit).toBeDisabled();
    await user.click(within(q2).getByRole('radio', { name: '30 to 40' }));
    expect(submit).toBeEnabled();
    const progressCalls = callsTo(fetchMock, PROGRESS).length;
    await user.click(submit);

    const result = await within(quiz).findByRole('region', { name: 'Quiz result' });
    expect(result).toHaveTextContent('Score: 50%');
    expect(result).toHaveTextContent('2 tries left today.');
    // Nothing per question: the server says only the score and the verdict.
    expect(result).not.toHaveTextContent('correct');
    expect(within(quiz).queryByText(/Right answer/)).not.toBeInTheDocument();
    expect(within(result).getByText('Not passed')).toBeInTheDocument();
    expect(result).toHaveFocus();
    expect(callsTo(fetchMock, QUIZ).map((c) => c.body)).toEqual([{ answers: [2, 2] }]);
    await waitFor(() => expect(callsTo(fetchMock, PROGRESS).length).toBeGreaterThan(progressCalls));
  });

  it('a quiz refused with 403 shows the server message and the local unlock time', async () => {
    const user = userEvent.setup();
    const unlockAt = '2026-12-02T05:00:00.000Z';
    installFetch(handlers({ [QUIZ]: locked403(unlockAt) }));
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });

    const quiz = await screen.findByRole('region', { name: 'Quiz' });
    for (const group of within(quiz).getAllByRole('radiogroup')) {
      await user.click(within(group).getAllByRole('radio')[0]);
    }
    await user.click(within(quiz).getByRole('button', { name: 'Submit' }));
    expect(await within(quiz).findByRole('alert')).toHaveTextContent(
      `Day 1 opens at 2026-12-02T05:00:00.000Z (${formatLocalDateTime(unlockAt)} your time)`,
    );
    expect(within(quiz).queryByRole('region', { name: 'Quiz result' })).not.toBeInTheDocument();
  });

  it("a fourth try in the learner's day (429) says when to try again, in local time", async () => {
    const user = userEvent.setup();
    const retryAt = '2026-12-02T05:00:00.000Z';
    installFetch(
      handlers({
        [QUIZ]: {
          status: 429,
          headers: { 'retry-after': '3600' },
          body: {
            ...errorBody(429, `You have used today's 3 tries for this quiz. Try again after ${retryAt}.`),
            retryAt,
          },
        },
      }),
    );
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });

    const quiz = await screen.findByRole('region', { name: 'Quiz' });
    for (const group of within(quiz).getAllByRole('radiogroup')) {
      await user.click(within(group).getAllByRole('radio')[0]);
    }
    await user.click(within(quiz).getByRole('button', { name: 'Submit' }));
    expect(await within(quiz).findByRole('alert')).toHaveTextContent(
      `You have used today's 3 tries for this quiz. Try again after ${formatLocalDateTime(retryAt)}.`,
    );
    expect(within(quiz).queryByRole('region', { name: 'Quiz result' })).not.toBeInTheDocument();
  });

  it('the third try says when the next is allowed; a new served order clears the choices', async () => {
    const user = userEvent.setup();
    const retryAt = '2026-12-02T05:00:00.000Z';
    let served = OPEN_DAY;
    installFetch(
      handlers({
        'GET /api/challenges/vagus-breath-7/days/1': () => ({ body: served }),
        [QUIZ]: () => {
          // The server draws a new order after a try that did not pass.
          served = { ...OPEN_DAY, quiz: OPEN_DAY.quiz.map((q) => ({ ...q, options: [...q.options].reverse() })) };
          return { body: { score: 0.5, passed: false, triesLeftToday: 0, retryAt } };
        },
      }),
    );
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });

    const quiz = await screen.findByRole('region', { name: 'Quiz' });
    for (const group of within(quiz).getAllByRole('radiogroup')) {
      await user.click(within(group).getAllByRole('radio')[0]);
    }
    await user.click(within(quiz).getByRole('button', { name: 'Submit' }));
    const result = await within(quiz).findByRole('region', { name: 'Quiz result' });
    expect(result).toHaveTextContent(
      `You have used today's 3 tries for this quiz. Try again after ${formatLocalDateTime(retryAt)}.`,
    );
    await waitFor(() =>
      expect(within(quiz).getAllByRole('radio')[0]).toHaveAccessibleName('The belly pulls in sharply'),
    );
    expect(within(quiz).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    expect(within(quiz).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('shows the right answers once the quiz is passed, at their served positions', async () => {
    const passedDay = {
      ...OPEN_DAY,
      quiz: [
        { ...OPEN_DAY.quiz[0], correct_option: 2 },
        { ...OPEN_DAY.quiz[1], correct_option: 0 },
      ],
    };
    installFetch(handlers({ 'GET /api/challenges/vagus-breath-7/days/1': { body: passedDay } }));
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });

    const quiz = await screen.findByRole('region', { name: 'Quiz' });
    expect(
      await within(quiz).findByText('You passed this quiz: the right answers are shown below each question.'),
    ).toBeInTheDocument();
    expect(
      within(quiz)
        .getAllByText(/^Right answer:/)
        .map((e) => e.textContent),
    ).toEqual(['Right answer: The belly hand rises more than the chest hand', 'Right answer: 12 to 20']);
  });

  it('the micro project: a labelled field per expected field, Submit project, then the bot assessment', async () => {
    const user = userEvent.setup();
    let assessment = {
      passed: true,
      awaitingReview: false,
      score: 0.8,
      feedback: 'Every field answered with plausible content.',
    };
    const fetchMock = installFetch(
      handlers({
        [PROGRESS]: { body: NOT_ENROLLED_BUT_OPEN },
        [PROJECT]: { status: 201, body: { submissionId: 'sub-1', status: 'pending' } },
        [BOT]: () => ({ body: assessment }),
      }),
    );
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });

    const project = await screen.findByRole('region', { name: 'Micro project' });
    expect(
      within(project).getByText(
        'Count your natural breathing rate, then practise 5 minutes of diaphragmatic breathing.',
      ),
    ).toBeInTheDocument();
    const submit = within(project).getByRole('button', { name: 'Submit project' });
    expect(submit).toBeDisabled();
    // Nothing submitted yet: no bot assessment to ask for.
    expect(within(project).queryByRole('button', { name: 'Get bot assessment' })).not.toBeInTheDocument();

    const [baseline, minutes, felt] = within(project).getAllByRole('textbox');
    expect(baseline).toHaveAccessibleName('Baseline breaths per minute');
    expect(minutes).toHaveAccessibleName('Minutes practised');
    expect(felt).toHaveAccessibleName('How you felt');
    await user.type(baseline, '14');
    await user.type(minutes, '5');
    expect(submit).toBeDisabled();
    await user.click(felt);
    await user.paste('  Calmer afterwards ');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await within(project).findByText(/Project submitted/)).toBeInTheDocument();
    expect(callsTo(fetchMock, PROJECT).map((c) => c.body)).toEqual([
      { payload: { baseline_breaths_per_minute: '14', minutes_practised: '5', how_you_felt: 'Calmer afterwards' } },
    ]);

    // Unchanged since submitting: the bot assesses the stored submission.
    await user.click(within(project).getByRole('button', { name: 'Get bot assessment' }));
    const result = await within(project).findByRole('region', { name: 'Bot assessment' });
    expect(within(result).getByText('Passed')).toBeInTheDocument();
    expect(within(result).getByText('Score: 80%')).toBeInTheDocument();
    expect(within(result).getByText('Every field answered with plausible content.')).toBeInTheDocument();
    expect(callsTo(fetchMock, BOT).map((c) => c.body)).toEqual([{}]);

    // Edited after submitting: the bot gets the form's answers (the server stores them first).
    assessment = { passed: false, awaitingReview: false, score: 0.4, feedback: 'The baseline rate is not plausible.' };
    await user.clear(baseline);
    await user.type(baseline, '90');
    await user.click(within(project).getByRole('button', { name: 'Get bot assessment' }));
    const second = await within(project).findByRole('region', { name: 'Bot assessment' });
    await waitFor(() => expect(within(second).getByText('Not passed')).toBeInTheDocument());
    expect(within(second).getByText('Score: 40%')).toBeInTheDocument();
    expect(within(second).getByText('The baseline rate is not plausible.')).toBeInTheDocument();
    expect(callsTo(fetchMock, BOT)[1].body).toEqual({
      submission: { baseline_breaths_per_minute: '90', minutes_practised: '5', how_you_felt: 'Calmer afterwards' },
    });
  });

  it('a last project the bot passed only narrowly (every day) shows it is awaiting review', async () => {
    const user = userEvent.setup();
    const feedback =
      'Every field answered. Every day of this challenge passed the automatic check only narrowly, so this last project is awaiting review: a reviewer will confirm it before your certificate is issued.';
    installFetch(
      handlers({
        [PROGRESS]: { body: enrolledProgressWithPendingDay1() },
        [BOT]: { body: { passed: false, awaitingReview: true, score: 0.65, feedback } },
      }),
    );
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });

    const project = await screen.findByRole('region', { name: 'Micro project' });
    await user.click(await within(project).findByRole('button', { name: 'Get bot assessment' }));
    const result = await within(project).findByRole('region', { name: 'Bot assessment' });
    expect(within(result).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(result).queryByText('Not passed')).not.toBeInTheDocument();
    expect(within(result).getByText(feedback)).toBeInTheDocument();
  });

  it('a stored project can be assessed after a reload; refusals show the server message', async () => {
    const user = userEvent.setup();
    const unlockAt = '2026-12-02T05:00:00.000Z';
    const fetchMock = installFetch(
      handlers({
        [PROGRESS]: { body: enrolledProgressWithPendingDay1() },
        [BOT]: { status: 400, body: errorBody(400, 'Submit your project first') },
        [PROJECT]: locked403(unlockAt),
      }),
    );
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });

    const project = await screen.findByRole('region', { name: 'Micro project' });
    expect(await within(project).findByTestId('project-stored-status')).toHaveTextContent('Project pending review');
    await user.click(within(project).getByRole('button', { name: 'Get bot assessment' }));
    expect(await within(project).findByRole('alert')).toHaveTextContent('Submit your project first');
    expect(callsTo(fetchMock, BOT).map((c) => c.body)).toEqual([{}]);

    for (const field of within(project).getAllByRole('textbox')) await user.type(field, 'x');
    await user.click(within(project).getByRole('button', { name: 'Submit project' }));
    await waitFor(() =>
      expect(within(project).getByText(/^Day 1 opens at 2026-12-02T05:00:00.000Z/)).toBeInTheDocument(),
    );
  });

  it('a locked day shows when it opens, in local time, instead of its content', async () => {
    const unlockAt = new Date(Date.now() + 26 * 60 * 60 * 1000).toISOString();
    installFetch(handlers({ 'GET /api/challenges/vagus-breath-7/days/3': { body: lockedDay(3, unlockAt) } }));
    renderApp({ route: '/challenge/vagus-breath-7/day/3' });

    const locked = await screen.findByRole('region', { name: 'This day is locked' });
    expect(within(locked).getByText(`Day 3 opens ${formatLocalDateTime(unlockAt)}.`)).toBeInTheDocument();
    expect(within(locked).getByRole('timer').textContent).toMatch(/^1d (1h 59m|2h 0m) \d+s$/);
    expect(screen.queryByRole('region', { name: 'Quiz' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lesson' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Micro project' })).not.toBeInTheDocument();
  });

  it('a day locked because the learner is not enrolled leads to the challenge page', async () => {
    installFetch(
      handlers({
        [PROGRESS]: { body: NOT_ENROLLED },
        'GET /api/challenges/vagus-breath-7/days/1': { body: lockedDay(1, null) },
      }),
    );
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });
    const locked = await screen.findByRole('region', { name: 'This day is locked' });
    expect(within(locked).getByText('Enrol in the challenge to open its days.')).toBeInTheDocument();
    expect(within(locked).getByRole('link', { name: 'Go to the challenge' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7',
    );
    expect(within(locked).queryByRole('timer')).not.toBeInTheDocument();
  });

  it('without the course (403) shows the message and the shop link', async () => {
    installFetch(
      handlers({
        [PROGRESS]: { status: 403, body: errorBody(403, 'You need access to this course') },
        'GET /api/challenges/vagus-breath-7/days/1': {
          status: 403,
          body: errorBody(403, 'You need access to this course'),
        },
      }),
    );
    renderApp({ route: '/challenge/vagus-breath-7/day/1' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'You need access to this course' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop?subject=vagus-nerve'),
    );
  });

  it('a day outside the challenge, or not a number, shows Day not found', async () => {
    installFetch(
      handlers({ 'GET /api/challenges/vagus-breath-7/days/9': { status: 404, body: errorBody(404, 'Day not found') } }),
    );
    const { unmount } = renderApp({ route: '/challenge/vagus-breath-7/day/9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Day not found' })).toBeInTheDocument();
    unmount();
    const fetchMock = installFetch(handlers());
    renderApp({ route: '/challenge/vagus-breath-7/day/abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Day not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to challenge' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7',
    );
    expect(callsTo(fetchMock, 'GET /api/challenges/vagus-breath-7/days/abc')).toHaveLength(0);
  });
});

/** Enrolled with day 1 open and nothing done yet. */
const NOT_ENROLLED_BUT_OPEN = (() => {
  const p = enrolledProgress();
  return {
    ...p,
    days: p.days.map((d) => (d.day === 1 ? { ...d, quiz: null, project: null, passed: false } : d)),
  };
})();

function enrolledProgressWithPendingDay1() {
  const p = enrolledProgress();
  return {
    ...p,
    days: p.days.map((d) =>
      d.day === 1
        ? {
            ...d,
            passed: false,
            project: { status: 'pending' as const, score: null, feedback: null, gradedBy: null },
          }
        : d,
    ),
  };
}
