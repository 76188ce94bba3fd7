import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { callsTo, errorBody, installFetch } from '../../test/fetch-mock';
import { signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { PREVIEW, previewLessons as lessons } from '../../test/catalog-fixtures';

describe('/preview', () => {
  it('shows the course, its price with Buy Access, and the two modules with 4 lessons each and "+N more"', async () => {
    const fetchMock = installFetch({ ...signedOut, 'GET /api/preview': { body: PREVIEW } });
    renderApp({ route: '/preview?subject=vagus-nerve' });

    expect(await screen.findByRole('heading', { level: 1, name: 'The Vagus Nerve' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/preview')[0].url.searchParams.get('subject')).toBe('vagus-nerve');
    expect(screen.getByText('Calm, trained.')).toBeInTheDocument();
    expect(screen.getByTestId('preview-price')).toHaveTextContent('$49.00');
    expect(screen.getByRole('link', { name: 'Buy Access' })).toHaveAttribute(
      'href',
      '/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Free preview' })).toBeInTheDocument();

    const foundations = screen.getByRole('region', { name: 'Foundations' });
    const items = within(foundations).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'A lesson 1Free sample',
      'A lesson 2Free sample',
      'A lesson 3',
      'A lesson 4',
    ]);
    expect(within(foundations).getByText('+2 more')).toBeInTheDocument();
    expect(within(foundations).queryByText('A lesson 5')).not.toBeInTheDocument();

    // Sample lessons link to their free page; the others are not links.
    expect(within(foundations).getByRole('link', { name: /A lesson 1/ })).toHaveAttribute(
      'href',
      '/preview/node/a1?subject=vagus-nerve',
    );
    expect(within(foundations).getByRole('link', { name: /A lesson 2/ })).toHaveAttribute(
      'href',
      '/preview/node/a2?subject=vagus-nerve',
    );
    expect(within(foundations).getAllByRole('link')).toHaveLength(2);
    expect(within(foundations).getAllByText('Free sample')).toHaveLength(2);

    // lessonCount counts the lessons not sent as well.
    const techniques = screen.getByRole('region', { name: 'Techniques' });
    expect(within(techniques).getAllByRole('listitem')).toHaveLength(4);
    expect(within(techniques).getByText('+6 more')).toBeInTheDocument();
    expect(within(techniques).queryByRole('link')).not.toBeInTheDocument();

    const samples = screen.getByRole('region', { name: 'Sample lessons' });
    expect(
      within(samples)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/preview/node/a1?subject=vagus-nerve', '/preview/node/a2?subject=vagus-nerve']);
  });

  it('lists short modules completely without "+N more"', async () => {
    installFetch({
      ...signedOut,
      'GET /api/preview': {
        body: { ...PREVIEW, modules: [{ id: 'm1', title: 'Short', lessonCount: 3, lessons: lessons('c', 3) }] },
      },
    });
    renderApp({ route: '/preview?subject=vagus-nerve' });
    const module = await screen.findByRole('region', { name: 'Short' });
    expect(within(module).getAllByRole('listitem')).toHaveLength(3);
    expect(within(module).queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('without a subject: a short message and a link to the shop', async () => {
    const fetchMock = installFetch(signedOut);
    renderApp({ route: '/preview' });
    expect(await screen.findByText('Choose a course in the shop to see its free preview.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/shop');
    expect(callsTo(fetchMock, 'GET /api/preview')).toHaveLength(0);
  });

  it('an unknown course says so, with a link to the shop', async () => {
    installFetch({ ...signedOut, 'GET /api/preview': { status: 404, body: errorBody(404, 'Subject not found') } });
    renderApp({ route: '/preview?subject=nope' });
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/shop');
  });
});
