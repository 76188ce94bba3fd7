import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, deferred, errorBody, installFetch, type MockReply } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { currentLocation, signedIn, signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { NO_CHALLENGES } from './ChallengesPage';
import { LIST } from './test-fixtures';

describe('/challenges', () => {
  it('shows a spinner, then each challenge with its tagline, length and a link to it', async () => {
    const held = deferred<MockReply>();
    installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/challenges': () => held.promise });
    renderApp({ route: '/challenges' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Challenges' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading challenges' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Challenges · LearnPath'));
    held.resolve({ body: LIST });

    const list = await screen.findByRole('list', { name: 'Challenges' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 2 }).textContent)).toEqual([
      '14-Day Vagus Reset',
      '7-Day Breath Reset',
    ]);
    const breath = screen.getByRole('listitem', { name: '7-Day Breath Reset' });
    expect(within(breath).getByRole('link', { name: '7-Day Breath Reset' })).toHaveAttribute(
      'href',
      '/challenge/vagus-breath-7',
    );
    expect(within(breath).getByText('7 days')).toBeInTheDocument();
    expect(within(breath).getByText('A week of short, structured breathing practices.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading challenges' })).not.toBeInTheDocument();
  });

  it('says so when there are no challenges', async () => {
    installFetch({ ...signedIn(), ...catalogHandlers, 'GET /api/challenges': { body: { challenges: [] } } });
    renderApp({ route: '/challenges' });
    expect(await screen.findByText(NO_CHALLENGES)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Challenges' })).not.toBeInTheDocument();
  });

  it('shows a failure with the server message and tries again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/challenges': () =>
        ++calls === 1 ? { status: 500, body: errorBody(500, 'Internal server error (id 42)') } : { body: LIST },
    });
    renderApp({ route: '/challenges' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal server error (id 42)');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Challenges' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/challenges')).toHaveLength(2);
  });

  it('needs a sign-in: signed-out visitors go to /login and come back', async () => {
    installFetch({ ...signedOut, ...catalogHandlers });
    renderApp({ route: '/challenges' });
    await waitFor(() => expect(currentLocation()).toBe('/login?next=%2Fchallenges'));
  });
});
