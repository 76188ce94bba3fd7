import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, errorBody, installFetch, type Handler } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { signedIn, toast } from '../../test/helpers';
import { renderApp } from '../../test/render';
import type { ChallengeProgress } from '../../api/challenges';
import { COMPLETED, DETAIL, enrolledProgress, NOT_ENROLLED } from './test-fixtures';

const ROUTE = '/challenge/vagus-breath-7';
const PROGRESS = 'GET /api/me/challenges/vagus-breath-7/progress';
const ENROLL = 'POST /api/challenges/vagus-breath-7/enroll';

function handlers(progress: Handler, extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...signedIn(),
    ...catalogHandlers,
    'GET /api/challenges/vagus-breath-7': { body: DETAIL },
    [PROGRESS]: progress,
    ...extra,
  };
}

const dayItem = (n: number) => screen.getByRole('listitem', { name: new RegExp(`^Day ${n}: `) });

const ORIGINAL_TZ = process.env.TZ;
afterEach(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

describe('/challenge/{cid}', () => {
  it('shows the syllabus and enrols with today in the browser time zone and a 00:00 unlock time', async () => {
    // A zone whose date differs from the UTC date right now, so a UTC "today" would be caught.
    const utcHour = new Date().getUTCHours();
    const zone = utcHour >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    process.env.TZ = zone;
    const expectedDate = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    expect(expectedDate).not.toBe(new Date().toISOString().slice(0, 10));

    const user = userEvent.setup();
    let enrolled = false;
    const fetchMock = installFetch(
      handlers(() => ({ body: enrolled ? enrolledProgress() : NOT_ENROLLED }), {
        [ENROLL]: () => {
          enrolled = true;
          return { status: 201, body: enrolledProgress() };
        },
      }),
    );
    renderApp({ route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: '7-Day Breath Reset' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('7-Day Breath Reset · Challenges · LearnPath'));
    const syllabus = screen.getByRole('region', { name: 'Syllabus' });
    expect(within(syllabus).getAllByRole('listitem')).toHaveLength(7);
    expect(within(dayItem(1)).getByRole('link', { name: 'Day 1: Diaphragmatic Breathing' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7/day/1',
    );
    expect(within(dayItem(1)).getByText('Hand-on-belly breathing · 15 min')).toBeInTheDocument();
    expect(within(dayItem(3)).getByText('Breathing pacer · 20 min')).toBeInTheDocument();
    // Not enrolled: no per-day progress yet.
    expect(within(dayItem(1)).queryByText('Locked')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Enrol' }));

    expect(await screen.findByRole('heading', { name: 'Your progress' })).toBeInTheDocument();
    const [call] = callsTo(fetchMock, ENROLL);
    expect(call.body).toEqual({ startLocalDate: expectedDate, timezone: zone, dailyUnlockLocalTime: '00:00' });
    expect(callsTo(fetchMock, ENROLL)).toHaveLength(1);
    expect(await toast()).toHaveTextContent('Enrolled');
    expect(screen.queryByRole('button', { name: 'Enrol' })).not.toBeInTheDocument();
  });

  it('without the course, progress answers 403: a clear message and a link to the shop for the subject', async () => {
    installFetch(handlers({ status: 403, body: errorBody(403, 'You need access to this course') }));
    renderApp({ route: ROUTE });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'You need access to this course' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop?subject=vagus-nerve');
    expect(await screen.findByText(/This challenge is part of Vagus Nerve/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enrol' })).not.toBeInTheDocument();
    // The syllabus stays readable.
    expect(screen.getByRole('region', { name: 'Syllabus' })).toBeInTheDocument();
  });

  it('an enrol refused with 403 shows the message and the shop link; other refusals show the server message', async () => {
    const user = userEvent.setup();
    let reply = { status: 400, body: errorBody(400, 'timezone must be an IANA time zone such as Europe/Berlin') };
    installFetch(handlers({ body: NOT_ENROLLED }, { [ENROLL]: () => reply }));
    renderApp({ route: ROUTE });

    await user.click(await screen.findByRole('button', { name: 'Enrol' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'timezone must be an IANA time zone such as Europe/Berlin',
    );

    reply = { status: 403, body: errorBody(403, 'You need access to this course') };
    await user.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'You need access to this course' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop?subject=vagus-nerve');
    expect(screen.queryByRole('heading', { name: 'Your progress' })).not.toBeInTheDocument();
  });

  it('enrolled: progress per day and the next unlock with a countdown that is not a live region', async () => {
    installFetch(handlers({ body: enrolledProgress() }));
    renderApp({ route: ROUTE });

    expect(await screen.findByTestId('days-passed')).toHaveTextContent('1 of 7 days passed');
    const day1 = within(dayItem(1));
    expect(day1.getByText('Passed')).toBeInTheDocument();
    expect(day1.getByText('Quiz 100% · passed')).toBeInTheDocument();
    expect(day1.getByText('Project passed (bot)')).toBeInTheDocument();
    const day2 = within(dayItem(2));
    expect(day2.getByText('Unlocked')).toBeInTheDocument();
    expect(day2.getByText('Quiz 50% · not passed')).toBeInTheDocument();
    expect(day2.getByText('Project pending review')).toBeInTheDocument();
    const day3 = within(dayItem(3));
    expect(day3.getByText('Locked')).toBeInTheDocument();
    expect(day3.queryByText(/^Quiz/)).not.toBeInTheDocument();
    expect(day3.getByText(/^Opens \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with Day 2' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7/day/2',
    );

    const next = screen.getByRole('region', { name: 'Next unlock' });
    expect(within(next).getByText(/^Day 3 opens \w{3}, /)).toBeInTheDocument();
    const timer = within(next).getByRole('timer');
    expect(timer.textContent).toMatch(/^5h 3m (9|10)s$/);
    expect(timer).not.toHaveAttribute('aria-live');
    expect(timer.closest('[aria-live]')).toBeNull();
    const first = timer.textContent;
    await waitFor(() => expect(timer.textContent).not.toBe(first), { timeout: 3000 });
    expect(timer.textContent).toMatch(/^5h 3m \d+s$/);
  });

  it('reads progress again when the countdown reaches the unlock time', async () => {
    const unlocked: ChallengeProgress = (() => {
      const p = enrolledProgress(-1000);
      return {
        ...p,
        days: p.days.map((d) => (d.day === 3 ? { ...d, is_unlocked: true } : d)),
        nextUnlock: { day: 4, is_unlocked: false, unlock_at: p.days[3].unlock_at },
      };
    })();
    let calls = 0;
    const fetchMock = installFetch(handlers(() => ({ body: ++calls === 1 ? enrolledProgress(1500) : unlocked })));
    renderApp({ route: ROUTE });

    expect(await screen.findByText(/^Day 3 opens/)).toBeInTheDocument();
    expect(within(dayItem(3)).getByText('Locked')).toBeInTheDocument();
    expect(await screen.findByText(/^Day 4 opens/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dayItem(3)).getByText('Unlocked')).toBeInTheDocument();
    expect(callsTo(fetchMock, PROGRESS).length).toBe(2);
  });

  it('completed: says so and links to the certificate', async () => {
    installFetch(handlers({ body: COMPLETED }));
    renderApp({ route: ROUTE });
    expect(await screen.findByText('Challenge complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your certificate' })).toHaveAttribute(
      'href',
      '/certificates/Yk3m9QxZ_pL2rT8vW1aB0c',
    );
    expect(screen.getByTestId('days-passed')).toHaveTextContent('7 of 7 days passed');
    expect(screen.queryByRole('region', { name: 'Next unlock' })).not.toBeInTheDocument();
  });

  it('completed without a name: asks for the name, saves it, then reads the progress again and links the certificate', async () => {
    let named = false;
    const fetchMock = installFetch(
      handlers(
        () => ({ body: named ? COMPLETED : { ...COMPLETED, certificateId: null, certificateNeedsName: true } }),
        {
          'PUT /api/me/profile': ({ body }) => {
            named = true;
            return { body: { email: 'ada@example.com', name: (body as { name: string }).name } };
          },
        },
      ),
    );
    renderApp({ route: ROUTE });
    expect(await screen.findByText('Challenge complete')).toBeInTheDocument();
    expect(screen.getByText(/add it to receive your certificate/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View your certificate' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add your name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name on certificates' });
    // A name is required here: an empty one is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(callsTo(fetchMock, 'PUT /api/me/profile')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Your name'), 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('link', { name: 'View your certificate' })).toHaveAttribute(
      'href',
      '/certificates/Yk3m9QxZ_pL2rT8vW1aB0c',
    );
    expect(callsTo(fetchMock, 'PUT /api/me/profile').map((c) => c.body)).toEqual([{ name: 'Ada Lovelace' }]);
    const puts = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'PUT');
    const lastProgress = fetchMock.mock.calls.findLastIndex(([input]) => String(input).includes('/progress'));
    expect(lastProgress).toBeGreaterThan(puts);
  });

  it('an unknown challenge shows Challenge not found', async () => {
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/challenges/nope': { status: 404, body: errorBody(404, 'Challenge not found') },
    });
    renderApp({ route: '/challenge/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Challenge not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All challenges' })).toHaveAttribute('href', '/challenges');
  });
});
