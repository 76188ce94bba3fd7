import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { subject } from '../../test/catalog-fixtures';
import { masteryAnswer, readyTopic } from '../../test/mastery-fixtures';
import { installFetch } from '../../test/fetch-mock';
import { signedIn } from '../../test/helpers';
import { renderApp } from '../../test/render';

describe('/dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [8, 'Good morning, ada'],
    [13, 'Good afternoon, ada'],
    [19, 'Good evening, ada'],
  ])('at %i:00 greets with %s', async (hour, text) => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 2, hour, 15));
    installFetch(signedIn('ada@example.com'));
    renderApp({ route: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: text })).toBeInTheDocument();
  });

  it('prompts for a subject when none is chosen, and names the chosen one', async () => {
    installFetch({
      ...signedIn(),
      'GET /api/subjects': { body: [subject('metabolic', 'Metabolic Health')] },
    });
    const { unmount } = renderApp({ route: '/dashboard' });
    expect(await screen.findByTestId('focus-subject')).toHaveTextContent(/choose a subject/i);
    unmount();

    renderApp({ route: '/dashboard?subject=metabolic' });
    expect(await screen.findByText('Metabolic Health', { selector: 'strong' })).toBeInTheDocument();
    expect(within(screen.getByTestId('focus-subject')).getByRole('link', { name: 'Lectures' })).toHaveAttribute(
      'href',
      '/lectures?subject=metabolic',
    );
  });

  it('links the Quick Actions, carrying the subject', async () => {
    installFetch(signedIn());
    renderApp({ route: '/dashboard?subject=vagus-nerve' });
    const section = await screen.findByRole('region', { name: 'Quick Actions' });
    const expected: [string, string][] = [
      ['Continue Learning', '/graph?subject=vagus-nerve'],
      ['Practice Session', '/practice?subject=vagus-nerve'],
      ['My Notes', '/notes?subject=vagus-nerve'],
      ['Bookmarks', '/bookmarks?subject=vagus-nerve'],
      ['Browse Courses', '/shop?subject=vagus-nerve'],
    ];
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(5);
    expected.forEach(([title, href], i) => {
      expect(links[i]).toHaveTextContent(title);
      expect(links[i]).toHaveAttribute('href', href);
    });
  });

  it("Continue Learning goes to the first 'ready to learn' topic once the learner has one", async () => {
    installFetch({
      ...signedIn(),
      'GET /api/users/me/mastery': (req) =>
        req.url.searchParams.get('subjectId') === 'vagus-nerve'
          ? { body: masteryAnswer([], [readyTopic('hrv', 'Heart Rate Variability', 0.2)]) }
          : { body: masteryAnswer() },
    });
    renderApp({ route: '/dashboard?subject=vagus-nerve' });
    const section = await screen.findByRole('region', { name: 'Quick Actions' });
    const link = await within(section).findByRole('link', { name: /Next: Heart Rate Variability/ });
    expect(link).toHaveTextContent('Continue Learning');
    expect(link).toHaveAttribute('href', '/node/hrv?subject=vagus-nerve');
  });
});
