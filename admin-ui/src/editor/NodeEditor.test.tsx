import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';

const REFRESH = 'POST /api/auth/refresh';
const NODE = 'GET /api/studio/nodes/vn-anatomy';
const SAVE = 'PUT /api/studio/nodes/vn-anatomy';
const OUTLINE = 'GET /api/studio/outline';
const MEDIA = 'GET /api/admin/media';

const SOURCES = [{ title: 'Vagus nerve', url: 'https://en.wikipedia.org/wiki/Vagus_nerve', type: 'encyclopedia' }];
const QUIZ = [
  {
    id: 'vn-anatomy-q1',
    stem: 'Which cranial nerve is the vagus?',
    choices: [
      { id: 'a', text: 'V' },
      { id: 'b', text: 'X' },
      { id: 'c', text: 'XII' },
    ],
    correct: 'b',
    explanation: 'It is the tenth.',
    difficulty: 2,
    use: 'check',
  },
];
const NODE_BODY = {
  id: 'vn-anatomy',
  subjectId: 'vagus-nerve',
  title: 'Anatomy of the Vagus Nerve',
  summary_html: '<p>The longest cranial nerve.</p>',
  lesson_html: '<h3>Where it runs</h3><p>From the brainstem to the abdomen.</p>',
  variants: {
    beginner: '<p>Simple</p>',
    advanced: '<p>Deep</p>',
    practical: '<p>Try this</p>',
    theoretical: '<p>Theory</p>',
  },
  sources: SOURCES,
  video: null,
  moduleId: 'foundations',
  prerequisites: ['vn-intro'],
  position: 2,
  retired: false,
  created: false,
  quiz: QUIZ,
  hasOverlay: false,
  etag: '"v1"',
};
const OUTLINE_BODY = {
  subjectId: 'vagus-nerve',
  modules: [
    {
      id: 'foundations',
      title: 'Anatomy & Foundations',
      topics: [
        { id: 'vn-intro', title: 'What Is the Vagus Nerve?', draft: false, created: false },
        { id: 'vn-anatomy', title: 'Anatomy of the Vagus Nerve', draft: false, created: false },
      ],
    },
    {
      id: 'practice',
      title: 'Practice',
      topics: [{ id: 'vn-breathing', title: 'Slow Breathing', draft: false, created: false }],
    },
  ],
  retired: [],
  hasOverlay: false,
  etag: '"o1"',
};

type Routes = Parameters<typeof mockFetch>[0];

async function renderEditor(routes: Routes, path = '/studio/editor/vn-anatomy?subject=vagus-nerve') {
  stubLocation(path);
  const server = mockFetch({
    [REFRESH]: json(makeSession(['learner', 'studio'], { token: 'token-a' })),
    [OUTLINE]: json(OUTLINE_BODY),
    [MEDIA]: listReply('media', []),
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
/** Types a whole value at once (react-admin's form re-renders on every key: a keystroke at a time is slow in jsdom). */
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const sent = (server: ReturnType<typeof mockFetch>, index = 0) =>
  JSON.parse(server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')[index].body ?? 'null') as Record<string, unknown>;

describe('Node editor', { timeout: 120_000 }, () => {
  it('loads the topic: title, back link, preview link, the tabs and its content, clean', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { server, user } = await renderEditor({
      [NODE]: async () => {
        await gate;
        return json(NODE_BODY);
      },
    });

    expect(await screen.findByRole('status', { name: 'Loading node' })).toBeInTheDocument();
    release();
    await loaded();
    expect(server.callsTo('GET', '/api/studio/nodes/vn-anatomy')[0].path).toBe(
      '/api/studio/nodes/vn-anatomy?subject=vagus-nerve',
    );
    expect(screen.getByRole('link', { name: 'Back to Versions' })).toHaveAttribute(
      'href',
      '/studio/versions?subject=vagus-nerve',
    );
    const preview = screen.getByRole('link', { name: 'Preview as learner' });
    expect(preview).toHaveAttribute('href', '/node/vn-anatomy?subject=vagus-nerve&preview=overlay');
    expect(preview).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/Edits are saved to the content overlay/)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Summary',
      'Lesson',
      'Variants',
      'Quiz',
      'Structure',
      'Sources',
    ]);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Anatomy of the Vagus Nerve');
    expect(screen.getByText('The longest cranial nerve.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Lesson' }));
    expect(screen.getByRole('heading', { name: 'Where it runs' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Quiz' }));
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveValue('Which cranial nerve is the vagus?');
    expect(screen.getByRole('radio', { name: 'Choice b of question 1 is correct' })).toBeChecked();
    await user.click(screen.getByRole('tab', { name: 'Structure' }));
    expect(await screen.findByRole('button', { name: 'What Is the Vagus Nerve?' })).toBeInTheDocument();
    expectClean();
  });

  it('saves the title and a quiz item with If-Match of the loaded etag, then is clean against the new etag', async () => {
    const saved = {
      ...NODE_BODY,
      title: 'The Vagus Nerve, Mapped',
      quiz: [{ ...QUIZ[0], stem: 'Which number is the vagus?', correct: 'c' }],
      hasOverlay: true,
      etag: '"v2"',
    };
    const { server, user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: [json(saved), json(saved)] });
    await loaded();

    type(screen.getByRole('textbox', { name: 'Title' }), 'The Vagus Nerve, Mapped');
    await user.click(screen.getByRole('tab', { name: 'Quiz' }));
    type(screen.getByRole('textbox', { name: 'Question 1' }), 'Which number is the vagus?');
    await user.click(screen.getByRole('radio', { name: 'Choice c of question 1 is correct' }));
    expectDirty();

    await user.click(screen.getByRole('button', { name: 'Save Now' }));

    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(screen.getByText('Node content has been updated successfully.')).toBeInTheDocument();
    const call = server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')[0];
    expect(call.path).toBe('/api/studio/nodes/vn-anatomy?subject=vagus-nerve');
    expect(call.headers.get('If-Match')).toBe('"v1"');
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');
    expect(sent(server)).toEqual({
      title: 'The Vagus Nerve, Mapped',
      summary_html: NODE_BODY.summary_html,
      lesson_html: NODE_BODY.lesson_html,
      variants: NODE_BODY.variants,
      sources: SOURCES,
      moduleId: 'foundations',
      prerequisites: ['vn-intro'],
      quiz: [{ ...QUIZ[0], stem: 'Which number is the vagus?', correct: 'c' }],
      video: null,
    });
    await waitFor(expectClean);
    expect(screen.getByRole('heading', { level: 1, name: 'The Vagus Nerve, Mapped' })).toBeInTheDocument();

    // the next save is based on the saved draft's etag
    type(screen.getByRole('textbox', { name: 'Title' }), 'The Vagus Nerve, Mapped!');
    await user.click(saveButton());
    await waitFor(() => expect(server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')[1].headers.get('If-Match')).toBe('"v2"');
  });

  it('adds and removes quiz questions and choices; a new question goes without an id', async () => {
    const { server, user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: json(NODE_BODY) });
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Quiz' }));
    expect(screen.getByRole('combobox', { name: 'Use of question 1' })).toHaveTextContent(
      'Check (answer shown after answering)',
    );
    // one check item: the editor warns (publishing does not refuse it)
    expect(screen.getByTestId('check-items-warning')).toHaveTextContent(
      "This topic has 1 check item: learners' topic check and practice need at least 2.",
    );

    await user.click(screen.getByRole('button', { name: 'Remove choice a of question 1' }));
    expect(screen.queryByRole('textbox', { name: 'Choice a' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    type(screen.getByRole('textbox', { name: 'Question 2' }), 'New?');
    const second = screen.getByRole('region', { name: 'Question 2' });
    type(within(second).getByRole('textbox', { name: 'Choice a' }), 'Yes');
    type(within(second).getByRole('textbox', { name: 'Choice b' }), 'No');
    await user.click(within(second).getByRole('button', { name: 'Add a choice' }));
    type(within(second).getByRole('textbox', { name: 'Choice c' }), 'Maybe');
    await user.click(within(second).getByRole('radio', { name: 'Choice c of question 2 is correct' }));
    // two choices is the least a question has
    await user.click(within(second).getByRole('button', { name: 'Remove choice a of question 2' }));
    expect(within(second).getByRole('button', { name: 'Remove choice b of question 2' })).toBeDisabled();

    await user.click(saveButton());
    await waitFor(() => expect(server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')).toHaveLength(1));
    expect(sent(server).quiz).toEqual([
      { ...QUIZ[0], choices: QUIZ[0].choices.slice(1) },
      {
        stem: 'New?',
        choices: [
          { id: 'b', text: 'No' },
          { id: 'c', text: 'Maybe' },
        ],
        correct: 'c',
        explanation: '',
        difficulty: 2,
        // a new question is an assessment item unless staff choose otherwise
        use: 'assessment',
      },
    ]);
  });

  it('picks a prerequisite and a module by title', async () => {
    const { server, user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: json(NODE_BODY) });
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Structure' }));

    const prerequisites = await screen.findByRole('combobox', { name: 'Builds on (prerequisites)' });
    await user.type(prerequisites, 'Slow');
    await user.click(await screen.findByRole('option', { name: 'Slow Breathing' }));
    const module = screen.getByRole('combobox', { name: 'Module' });
    await user.clear(module);
    await user.type(module, 'Prac');
    await user.click(await screen.findByRole('option', { name: 'Practice' }));

    await user.click(saveButton());
    await waitFor(() => expect(server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')).toHaveLength(1));
    expect(sent(server)).toMatchObject({ prerequisites: ['vn-intro', 'vn-breathing'], moduleId: 'practice' });
  });

  it('edits the sources as a form', async () => {
    const { server, user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: json(NODE_BODY) });
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Sources' }));

    const panel = screen.getByRole('tabpanel', { name: 'Sources' });
    expect(within(panel).getAllByRole('textbox', { name: 'URL' })[0]).toHaveValue(SOURCES[0].url);
    await user.click(within(panel).getByRole('button', { name: /add/i }));
    const titles = within(panel).getAllByRole('textbox', { name: 'Title' });
    type(titles[1], 'NIH');
    type(within(panel).getAllByRole('textbox', { name: 'URL' })[1], 'https://nih.gov');
    type(within(panel).getAllByRole('textbox', { name: 'Type' })[1], 'article');

    await user.click(saveButton());
    await waitFor(() => expect(server.callsTo('PUT', '/api/studio/nodes/vn-anatomy')).toHaveLength(1));
    expect(sent(server).sources).toEqual([...SOURCES, { title: 'NIH', url: 'https://nih.gov', type: 'article' }]);
  });

  it("shows a 400's message at the field it names, beside the spec's toast, and stays dirty", async () => {
    const refusal = json(
      {
        statusCode: 400,
        error: 'Bad Request',
        message: 'quiz[0].correct: "d" is not one of its choices (a, b, c)',
        field: 'quiz[0].correct',
      },
      { status: 400 },
    );
    const { user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: refusal });
    await loaded();

    type(screen.getByRole('textbox', { name: 'Title' }), 'Anatomy!');
    await user.click(saveButton());

    expect(await screen.findByText('Unable to save changes. Please try again.')).toBeInTheDocument();
    // the Quiz tab opens, the message sits under the question's choices, and in an alert at the top
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Quiz' })).toHaveAttribute('aria-selected', 'true'));
    const choices = screen.getByRole('group', { name: 'Choices of question 1 (select the correct one)' });
    expect(within(choices).getByText('quiz[0].correct: "d" is not one of its choices (a, b, c)')).toBeVisible();
    expect(screen.getAllByText('quiz[0].correct: "d" is not one of its choices (a, b, c)')).toHaveLength(2);
    expectDirty();
  });

  it('shows a 412 as both versions; overwrite resends against the current etag', async () => {
    const theirs = { ...NODE_BODY, title: 'Their Title', etag: '"v9"', hasOverlay: true };
    const conflict = json(
      { statusCode: 412, error: 'Precondition Failed', message: 'changed since', current: theirs },
      { status: 412 },
    );
    const mineSaved = { ...NODE_BODY, title: 'My Title', etag: '"v10"', hasOverlay: true };
    const { server, user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: [conflict, json(mineSaved)] });
    await loaded();

    type(screen.getByRole('textbox', { name: 'Title' }), 'My Title');
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this topic' });
    const row = within(dialog).getByRole('listitem');
    expect(within(row).getByRole('heading', { name: 'Title' })).toBeInTheDocument();
    expect(within(row).getByText('My Title')).toBeInTheDocument();
    expect(within(row).getByText('Their Title')).toBeInTheDocument();
    expect(screen.queryByText('Changes saved')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    const calls = server.callsTo('PUT', '/api/studio/nodes/vn-anatomy');
    expect(calls.map((c) => c.headers.get('If-Match'))).toEqual(['"v1"', '"v9"']);
    expect(sent(server, 1).title).toBe('My Title');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(expectClean);
  });

  it("reloads the other editor's version from the conflict dialog", async () => {
    const theirs = { ...NODE_BODY, title: 'Their Title', etag: '"v9"', hasOverlay: true };
    const conflict = json(
      { statusCode: 412, error: 'Precondition Failed', message: 'x', current: theirs },
      { status: 412 },
    );
    const { user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: conflict });
    await loaded();

    type(screen.getByRole('textbox', { name: 'Title' }), 'Mine');
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this topic' });
    await user.click(within(dialog).getByRole('button', { name: 'Reload their version' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Their Title' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Their Title');
    await waitFor(expectClean);
  });

  it('asks before leaving with unsaved changes (router and tab close) and stays when told to', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await renderEditor({ [NODE]: json(NODE_BODY) });
    await loaded();

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);

    type(screen.getByRole('textbox', { name: 'Title' }), 'Anatomy of the Vagus Nerve!');
    const dirtyUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirtyUnload);
    expect(dirtyUnload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Back to Versions' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(window.location.pathname).toBe('/studio/editor/vn-anatomy');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Anatomy of the Vagus Nerve!');
  });

  it('sends nothing while nothing changed, even on Enter', async () => {
    const { server, user } = await renderEditor({ [NODE]: json(NODE_BODY), [SAVE]: json(NODE_BODY) });
    await loaded();

    fireEvent.click(saveButton());
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '{Enter}');
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
