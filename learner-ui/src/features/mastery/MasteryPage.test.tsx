import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { callsTo, errorBody, installFetch } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { masteryAnswer, skill } from '../../test/mastery-fixtures';
import { signedIn } from '../../test/helpers';
import { renderApp } from '../../test/render';

const EMPTY = 'No mastery data yet. Take a diagnostic or practice to begin tracking.';

describe('/mastery', () => {
  it('shows skill percent bars grouped by subject, topics and modules', async () => {
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/users/me/mastery': {
        body: masteryAnswer([
          skill('vagus-nerve', 'Vagus Anatomy', 'topic', 0.82, 5, 4),
          skill('vagus-nerve', 'Slow Breathing', 'topic', 0.256),
          skill('vagus-nerve', 'Techniques', 'category', 0.4),
          skill('metabolic', 'Insulin', 'topic', 1),
        ]),
      },
    });
    renderApp({ route: '/mastery' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Learning Mastery' })).toBeInTheDocument();
    const vagus = await screen.findByRole('region', { name: 'Vagus Nerve' });
    const topics = within(vagus).getByRole('group', { name: 'Topics' });
    expect(within(topics).getByRole('progressbar', { name: 'Vagus Anatomy' })).toHaveAttribute('aria-valuenow', '82');
    expect(within(topics).getByText('4/5 correct · 82%')).toBeInTheDocument();
    expect(within(topics).getByRole('progressbar', { name: 'Slow Breathing' })).toHaveAttribute('aria-valuenow', '26');
    expect(within(topics).getByText('26%')).toBeInTheDocument();
    const modules = within(vagus).getByRole('group', { name: 'Modules' });
    expect(within(modules).getByRole('progressbar', { name: 'Techniques' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(topics).queryByRole('progressbar', { name: 'Techniques' })).not.toBeInTheDocument();

    const metabolic = screen.getByRole('region', { name: 'Metabolic Health' });
    expect(within(metabolic).getByRole('progressbar', { name: 'Insulin' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(metabolic).queryByRole('group', { name: 'Modules' })).not.toBeInTheDocument();
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/users/me/mastery')[0].headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('shows the empty text when there is no mastery yet', async () => {
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/users/me/mastery': { body: masteryAnswer() },
    });
    renderApp({ route: '/mastery' });
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the server message when the mastery cannot be loaded', async () => {
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/users/me/mastery': { status: 400, body: errorBody(400, 'Bad subject') },
    });
    renderApp({ route: '/mastery' });
    expect(await screen.findByText('Bad subject')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
