import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OkResponse } from '@lp/api-types';
import { callsTo, deferred, errorBody, installFetch, type MockReply } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { VAGUS_GRAPH, graphHandlers, graphNode, graphWire, pathOf } from '../../test/graph-fixtures';
import { signedIn, stubMatchMedia } from '../../test/helpers';
import { renderApp } from '../../test/render';

function topicCard(title: string) {
  return screen.getByRole('article', { name: title });
}

function stat(label: string) {
  return screen.getByRole('group', { name: label });
}

function titles() {
  return screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
}

const owner = { ...catalogHandlers, ...graphHandlers(VAGUS_GRAPH) };

describe('/graph', () => {
  it('asks for a subject when none is chosen', async () => {
    installFetch({ ...signedIn(), ...catalogHandlers });
    renderApp({ route: '/graph' });
    expect(await screen.findByRole('heading', { name: 'Learning Graph' })).toBeInTheDocument();
    expect(screen.getByText(/choose a subject/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/shop');
  });

  it('shows stats, topic cards with mastery labels at the thresholds, and links', async () => {
    const fetchMock = installFetch({ ...signedIn(), ...owner });
    renderApp({ route: '/graph?subject=vagus-nerve' });

    await screen.findByRole('article', { name: 'Vagus Anatomy' });
    expect(within(stat('Total Topics')).getByText('6')).toBeInTheDocument();
    expect(within(stat('Categories')).getByText('3')).toBeInTheDocument();
    // Mastered means strictly above 0.7: only 0.71.
    expect(within(stat('Mastered')).getByText('1')).toBeInTheDocument();

    const expected: [string, string, string][] = [
      ['Vagus Anatomy', 'Not started', 'not-started'],
      ['Heart Rate Variability', 'Beginner', 'beginner'],
      ['Slow Breathing', 'Intermediate', 'intermediate'],
      ['Cold Exposure', 'Intermediate', 'intermediate'],
      ['Humming', 'Advanced', 'advanced'],
      ['tVNS Devices', 'Advanced', 'advanced'],
    ];
    for (const [title, label, level] of expected) {
      const card = topicCard(title);
      expect(within(card).getByTestId('mastery-label')).toHaveTextContent(label);
      expect(card).toHaveAttribute('data-mastery', level);
    }

    const anatomy = topicCard('Vagus Anatomy');
    expect(within(anatomy).getByText('Anatomy & Foundations')).toBeInTheDocument();
    expect(within(anatomy).getByTestId('topic-summary')).toHaveTextContent('The longest cranial nerve.');
    expect(within(anatomy).getByRole('link', { name: 'Explore Topic' })).toHaveAttribute(
      'href',
      '/node/vn-anatomy?subject=vagus-nerve',
    );
    expect(
      within(topicCard('Cold Exposure')).getByRole('progressbar', { name: 'Cold Exposure mastery' }),
    ).toHaveAttribute('aria-valuenow', '69');

    expect(screen.getByRole('link', { name: 'Take Diagnostic' })).toHaveAttribute(
      'href',
      '/quiz?subject=vagus-nerve&kind=diag',
    );
    expect(screen.getByRole('link', { name: 'Take Post Test' })).toHaveAttribute(
      'href',
      '/quiz?subject=vagus-nerve&kind=final',
    );
    // the course's lectures are one click away (the spec's header has no link to them)
    expect(screen.getByRole('link', { name: 'Lectures' })).toHaveAttribute('href', '/lectures?subject=vagus-nerve');
    expect(screen.queryByText('Full course access')).not.toBeInTheDocument();
    const graphCall = callsTo(fetchMock, 'GET /api/graph')[0];
    expect(graphCall.url.searchParams.get('subject')).toBe('vagus-nerve');
    expect(graphCall.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('a topic without mastery evidence (not in the levels) reads Not started', async () => {
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      ...graphHandlers({
        ...VAGUS_GRAPH,
        subject: { id: 'metabolic', name: 'Metabolic', title: 'Metabolic Health' },
        nodes: [graphNode('a', 'A topic', 'X', 0)],
      }),
    });
    renderApp({ route: '/graph?subject=metabolic' });
    const card = await screen.findByRole('article', { name: 'A topic' });
    expect(within(card).getByTestId('mastery-label')).toHaveTextContent('Not started');
    // Not vagus-nerve: no clinician diagnostic, no challenges.
    expect(screen.queryByText('Clinician Diagnostic')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start Vagus Reset 14d' })).not.toBeInTheDocument();
  });

  it('filters by category chip and by search, with an empty state that clears the filters', async () => {
    const user = userEvent.setup();
    installFetch({ ...signedIn(), ...owner });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    await screen.findByRole('article', { name: 'Vagus Anatomy' });

    const chips = within(screen.getByRole('group', { name: 'Filter by category' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([
      'All Topics',
      'Anatomy & Foundations',
      'Physiology',
      'Techniques',
    ]);
    expect(screen.getByRole('button', { name: 'All Topics' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Techniques' }));
    expect(titles()).toEqual(['Slow Breathing', 'Cold Exposure', 'Humming']);
    expect(screen.getByRole('button', { name: 'Techniques' })).toHaveAttribute('aria-pressed', 'true');
    // Stats describe the whole graph, not the filtered view.
    expect(within(stat('Total Topics')).getByText('6')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search topics' }), 'cold');
    expect(titles()).toEqual(['Cold Exposure']);

    await user.clear(screen.getByRole('textbox', { name: 'Search topics' }));
    await user.type(screen.getByRole('textbox', { name: 'Search topics' }), 'heart');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No topics found' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Search topics' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'All Topics' })).toHaveAttribute('aria-pressed', 'true');

    // Search also matches the summary text.
    await user.type(screen.getByRole('textbox', { name: 'Search topics' }), 'cranial');
    expect(titles()).toEqual(['Vagus Anatomy']);
  });

  it('shows skeletons while loading and refetches on Refresh', async () => {
    const user = userEvent.setup();
    const pending = deferred<MockReply>();
    let calls = 0;
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      ...graphHandlers(VAGUS_GRAPH),
      'GET /api/graph': () => {
        calls++;
        return calls === 1
          ? pending.promise
          : { body: graphWire({ ...VAGUS_GRAPH, nodes: VAGUS_GRAPH.nodes.slice(0, 2) }) };
      },
    });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    expect(await screen.findByTestId('graph-loading')).toHaveAttribute('aria-busy', 'true');
    pending.resolve({ body: graphWire(VAGUS_GRAPH) });
    await screen.findByRole('article', { name: 'tVNS Devices' });
    expect(screen.queryByTestId('graph-loading')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(calls).toBe(2);
  });

  it('shows an empty state when the subject has no topics', async () => {
    installFetch({ ...signedIn(), ...catalogHandlers, ...graphHandlers({ ...VAGUS_GRAPH, nodes: [] }) });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    expect(await screen.findByRole('heading', { name: 'No topics found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeInTheDocument();
  });

  it('vagus-nerve: the clinician diagnostic is disabled with a tooltip for non-clinicians', async () => {
    const user = userEvent.setup();
    installFetch({ ...signedIn('ada@example.com', ['learner']), ...owner });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    const button = await screen.findByRole('button', { name: 'Clinician Diagnostic' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Clinician Diagnostic' })).not.toBeInTheDocument();
    await user.hover(screen.getByTestId('clinician-diagnostic'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Requires clinician access');
  });

  it('vagus-nerve: clinicians get the clinician diagnostic link', async () => {
    installFetch({ ...signedIn('cli@example.com', ['learner', 'clinician']), ...owner });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    expect(await screen.findByRole('link', { name: 'Clinician Diagnostic' })).toHaveAttribute(
      'href',
      '/quiz?subject=vagus-nerve&kind=diag-clinician',
    );
    expect(screen.queryByRole('button', { name: 'Clinician Diagnostic' })).not.toBeInTheDocument();
  });

  it("reads 'Resume diagnostic (question N)' and the like while a test is open, from the learning path", async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch({
      ...signedIn('cli@example.com', ['learner', 'clinician']),
      ...owner,
      'GET /api/users/me/path': {
        body: {
          ...pathOf(VAGUS_GRAPH),
          openAttempts: [
            { attemptId: 'a1', kind: 'q_diag', question: 5, createdAt: '2026-11-27T10:00:00Z' },
            { attemptId: 'a2', kind: 'q_final', question: 1, createdAt: '2026-11-27T10:00:00Z' },
            { attemptId: 'a3', kind: 'q_diag_clinician', question: 3, createdAt: '2026-11-27T10:00:00Z' },
          ],
        },
      },
      'POST /api/quizzes/q_diag/attempts': { status: 200, body: {} },
    });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    const resume = await screen.findByRole('link', { name: 'Resume diagnostic (question 5)' });
    expect(resume).toHaveAttribute('href', '/quiz?subject=vagus-nerve&kind=diag');
    expect(screen.getByRole('link', { name: 'Resume post test (question 1)' })).toHaveAttribute(
      'href',
      '/quiz?subject=vagus-nerve&kind=final',
    );
    expect(screen.getByRole('link', { name: 'Resume clinician diagnostic (question 3)' })).toHaveAttribute(
      'href',
      '/quiz?subject=vagus-nerve&kind=diag-clinician',
    );
    expect(screen.queryByRole('link', { name: 'Take Diagnostic' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/users/me/path')[0].url.searchParams.get('subjectId')).toBe('vagus-nerve');
    await user.click(resume);
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/quizzes/q_diag/attempts')).toHaveLength(1));
  });

  it("keeps the spec's 'Take Diagnostic' when nothing is open, or the learning path cannot be read", async () => {
    installFetch({
      ...signedIn(),
      ...owner,
      'GET /api/users/me/path': { body: { subjectId: 'vagus-nerve', openAttempts: [] } },
    });
    const first = renderApp({ route: '/graph?subject=vagus-nerve' });
    expect(await screen.findByRole('link', { name: 'Take Diagnostic' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take Post Test' })).toBeInTheDocument();
    first.unmount();

    // the path route is missing (404, the fetch mock's answer to an unknown route): the spec's labels
    const fetchMock = installFetch({ ...signedIn(), ...owner });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    await screen.findByRole('article', { name: 'Vagus Anatomy' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/users/me/path')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Take Diagnostic' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Resume/ })).not.toBeInTheDocument();
  });

  it('vagus-nerve owners: Start Vagus Reset 14d always; the other two only when the challenge list has them', async () => {
    installFetch({
      ...signedIn(),
      ...owner,
      'GET /api/challenges': {
        body: {
          challenges: [
            { id: 'vagus-breath-7', name: 'Vagus Breath 7', tagline: '', subjectId: 'vagus-nerve', daysCount: 7 },
            { id: 'other', name: 'Other', tagline: '', subjectId: 'vagus-nerve', daysCount: 3 },
          ],
        } satisfies OkResponse<'/api/challenges', 'get'>,
      },
    });
    const { unmount } = renderApp({ route: '/graph?subject=vagus-nerve' });
    expect(await screen.findByRole('link', { name: 'Start Vagus Reset 14d' })).toHaveAttribute(
      'href',
      '/challenge/vagus-reset-14',
    );
    expect(await screen.findByRole('link', { name: 'Vagus Breath 7' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7',
    );
    expect(screen.queryByRole('link', { name: /tvns/i })).not.toBeInTheDocument();
    unmount();

    // The list endpoint failing hides the optional ones.
    const fetchMock = installFetch({
      ...signedIn(),
      ...owner,
      'GET /api/challenges': { status: 500, body: errorBody(500, 'boom') },
    });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    await screen.findByRole('link', { name: 'Start Vagus Reset 14d' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/challenges')).toHaveLength(1));
    const section = screen.getByRole('region', { name: 'Challenges' });
    expect(within(section).getAllByRole('link')).toHaveLength(1);
  });

  it('non-owners (403) with a known price see the Full course access banner and Buy Access', async () => {
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/graph': {
        status: 403,
        body: errorBody(403, 'You do not have access to this course. Buy access to continue.'),
      },
    });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    expect(await screen.findByText('Full course access')).toBeInTheDocument();
    expect(await screen.findByText(/\$49\.00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Access' })).toHaveAttribute(
      'href',
      '/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start Vagus Reset 14d' })).not.toBeInTheDocument();
  });

  it('shows the user tags as readable achievements and the unlocked modules when present', async () => {
    const fetchMock = installFetch({
      ...signedIn(),
      ...owner,
      'GET /api/me/tags': {
        body: {
          tags: [
            'Anatomy & Foundations mastered',
            'Vagus Nerve post test passed',
            'Metabolic post test passed',
            'calm-starter',
          ],
          achievements: [
            {
              tag: 'vagus-nerve:foundations-mastered',
              label: 'Anatomy & Foundations mastered',
              subjectId: 'vagus-nerve',
              kind: 'module_mastered',
            },
            {
              tag: 'vagus-nerve:post-test-passed',
              label: 'Vagus Nerve post test passed',
              subjectId: 'vagus-nerve',
              kind: 'post_test_passed',
            },
            {
              tag: 'metabolic:post-test-passed',
              label: 'Metabolic post test passed',
              subjectId: 'metabolic',
              kind: 'post_test_passed',
            },
            { tag: 'calm-starter', label: 'calm-starter', subjectId: null, kind: 'staff' },
          ],
        },
      },
      'GET /api/users/me/path': { body: pathOf(VAGUS_GRAPH, { unlocked: ['practice'] }) },
    });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    const tags = await screen.findByRole('group', { name: 'Your tags' });
    expect(within(tags).getByText('Anatomy & Foundations mastered')).toBeInTheDocument();
    expect(within(tags).getByText('Vagus Nerve post test passed')).toBeInTheDocument();
    expect(within(tags).getByText('calm-starter')).toBeInTheDocument();
    // another course's achievement is on that course's graph; no raw id anywhere
    expect(within(tags).queryByText('Metabolic post test passed')).not.toBeInTheDocument();
    expect(screen.queryByText(/vagus-nerve:/)).not.toBeInTheDocument();
    // the unlocked modules come from the one path read (not a second call that works the path out again)
    const unlocked = await screen.findByRole('group', { name: 'Unlocked modules' });
    expect(within(unlocked).getByText('Techniques')).toBeInTheDocument();
    expect(within(unlocked).queryByText('Anatomy & Foundations')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/users/me/path')[0].url.searchParams.get('subjectId')).toBe('vagus-nerve');
    expect(callsTo(fetchMock, 'GET /api/me/unlocks')).toHaveLength(0);
  });

  it('hides the tags and the unlocked modules when there are none (a locked module is not unlocked)', async () => {
    installFetch({
      ...signedIn(),
      ...owner,
      'GET /api/me/tags': { body: { tags: [], achievements: [] } },
      'GET /api/users/me/path': {
        body: pathOf(VAGUS_GRAPH, {
          locked: Object.fromEntries(
            graphWire(VAGUS_GRAPH)
              .modules.slice(1)
              .map((m) => [m.id, 'Master the one before']),
          ),
        }),
      },
    });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    await screen.findByRole('article', { name: 'Vagus Anatomy' });
    expect(screen.queryByRole('group', { name: 'Unlocked modules' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Your tags' })).not.toBeInTheDocument();
  });

  it("lists 'Ready to learn' first, linking each topic; the map view loads on demand", async () => {
    const user = userEvent.setup();
    const fetchMock = installFetch({
      ...signedIn(),
      ...owner,
      'GET /api/users/me/path': { body: pathOf(VAGUS_GRAPH, { ready: ['vn-heart', 'vn-cold'] }) },
    });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    const panel = await screen.findByRole('region', { name: 'Ready to learn' });
    expect(await within(panel).findByRole('link', { name: 'Heart Rate Variability' })).toHaveAttribute(
      'href',
      '/node/vn-heart?subject=vagus-nerve',
    );
    expect(within(panel).getByText('Intermediate · 69%')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Humming' })).not.toBeInTheDocument();
    // ready comes from the path: the page does not ask the server to work it out again
    expect(callsTo(fetchMock, 'GET /api/users/me/mastery')).toHaveLength(0);
    // the panel comes before the topic cards
    const firstCard = screen.getAllByRole('article')[0];
    expect(panel.compareDocumentPosition(firstCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Map' }));
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('article', { name: 'Vagus Anatomy' })).not.toBeInTheDocument();
    // the map's chunk loads on demand, then the map shows the topics
    expect(await screen.findByTestId('graph-map')).toBeInTheDocument();
  });

  it("says so when every topic is mastered (no 'ready to learn' left)", async () => {
    installFetch({
      ...signedIn(),
      ...owner,
      'GET /api/users/me/path': {
        body: pathOf(VAGUS_GRAPH, {
          complete: VAGUS_GRAPH.nodes.map((n) => n.id),
          next: { type: 'post_test', quiz: 'q_final' },
        }),
      },
    });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    const panel = await screen.findByRole('region', { name: 'Ready to learn' });
    expect(await within(panel).findByText('You have mastered every topic of this course.')).toBeInTheDocument();
  });

  it('says why nothing is ready when topics are left (a locked module), not that all are mastered', async () => {
    const reason = 'Master “Anatomy & Foundations” to open this module';
    installFetch({
      ...signedIn(),
      ...owner,
      'GET /api/users/me/path': {
        body: pathOf(VAGUS_GRAPH, {
          complete: ['vn-anatomy', 'vn-heart', 'vn-tvns'],
          locked: { practice: reason },
          next: { type: 'practice', reason },
        }),
      },
    });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    const panel = await screen.findByRole('region', { name: 'Ready to learn' });
    expect(await within(panel).findByText(reason)).toBeInTheDocument();
    expect(within(panel).queryByText('You have mastered every topic of this course.')).not.toBeInTheDocument();
  });
});

describe('/graph: complete and locked topics (the learning path)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const LOCKED = 'Master “Anatomy & Foundations” to open this module';
  const withPath = {
    ...owner,
    'GET /api/users/me/path': {
      body: pathOf(VAGUS_GRAPH, { complete: ['vn-anatomy', 'vn-tvns'], locked: { practice: LOCKED } }),
    },
  };

  it('marks complete topics with a Complete chip and the topics of a locked module with Locked and the reason', async () => {
    const fetchMock = installFetch({ ...signedIn(), ...withPath });
    renderApp({ route: '/graph?subject=vagus-nerve' });

    const anatomy = await screen.findByRole('article', { name: 'Vagus Anatomy, complete' });
    const chip = within(anatomy).getByTestId('topic-complete');
    expect(chip).toHaveTextContent('Complete');
    expect(chip.querySelector('svg')).not.toBeNull(); // the check icon
    expect(within(anatomy).queryByTestId('topic-locked')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'tVNS Devices, complete' })).toBeInTheDocument();

    // the module "Techniques" (id practice) is locked: its three topics say so, and stay readable
    for (const title of ['Slow Breathing', 'Cold Exposure', 'Humming']) {
      const card = screen.getByRole('article', { name: `${title}, locked` });
      expect(within(card).getByTestId('topic-locked')).toHaveTextContent('Locked');
      expect(within(card).getByTestId('topic-locked-reason')).toHaveTextContent(LOCKED);
      expect(within(card).queryByTestId('topic-complete')).not.toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Explore Topic' })).toBeInTheDocument();
    }
    // neither: the name is the title alone, no chip
    const hrv = screen.getByRole('article', { name: 'Heart Rate Variability' });
    expect(within(hrv).queryByTestId('topic-complete')).not.toBeInTheDocument();
    expect(within(hrv).queryByTestId('topic-locked')).not.toBeInTheDocument();

    const calls = callsTo(fetchMock, 'GET /api/users/me/path');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls[0].url.searchParams.get('subjectId')).toBe('vagus-nerve');
    expect(calls[0].url.searchParams.has('after')).toBe(false);
  });

  it('a failed path read marks nothing and keeps the cards', async () => {
    installFetch({
      ...signedIn(),
      ...owner,
      'GET /api/users/me/path': { status: 500, body: { statusCode: 500, message: 'boom' } },
    });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    const anatomy = await screen.findByRole('article', { name: 'Vagus Anatomy' });
    expect(within(anatomy).queryByTestId('topic-complete')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('topic-locked')).toHaveLength(0);
  });

  it('the map gets the same marks (the list view on a phone)', async () => {
    const user = userEvent.setup();
    stubMatchMedia((query) => query.includes('max-width'));
    installFetch({ ...signedIn(), ...withPath });
    renderApp({ route: '/graph?subject=vagus-nerve' });
    await screen.findByRole('article', { name: 'Vagus Anatomy, complete' });
    await user.click(screen.getByRole('button', { name: 'Map' }));
    const list = await screen.findByTestId('graph-list');
    const techniques = within(list).getByRole('region', { name: 'Techniques' });
    expect(within(techniques).getByText(`Locked: ${LOCKED}`)).toBeInTheDocument();
    expect(
      within(techniques)
        .getAllByTestId('graph-list-status')
        .map((s) => s.textContent),
    ).toEqual(['Locked', 'Locked', 'Locked']);
    const foundations = within(list).getByRole('region', { name: 'Anatomy & Foundations' });
    expect(
      within(foundations)
        .getAllByTestId('graph-list-status')
        .map((s) => s.textContent),
    ).toEqual(['Complete']);
  });
});
