import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { callsTo, errorBody, installFetch } from '../../test/fetch-mock';
import { signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { PREVIEW } from '../../test/catalog-fixtures';

describe('/preview/node/:nodeId', () => {
  it('shows the sample lesson: title, category and lesson html, with Buy Access and Back to preview', async () => {
    const fetchMock = installFetch({
      ...signedOut,
      'GET /api/preview': { body: PREVIEW },
      'GET /api/preview/nodes/a1': {
        body: {
          id: 'a1',
          title: 'What the vagus nerve does',
          category: 'Foundations',
          summary_html: '<p>Short summary</p>',
          lesson_html: '<h2>Overview</h2><p>The <strong>longest</strong> cranial nerve.</p>',
        },
      },
    });
    renderApp({ route: '/preview/node/a1?subject=vagus-nerve' });

    expect(await screen.findByRole('heading', { level: 1, name: 'What the vagus nerve does' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/preview/nodes/a1')[0].url.searchParams.get('subject')).toBe('vagus-nerve');
    expect(screen.getByTestId('lesson-category')).toHaveTextContent('Foundations');
    // The html is rendered as html, and lesson_html wins over summary_html.
    expect(screen.getByRole('heading', { level: 2, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByText('longest').tagName).toBe('STRONG');
    expect(screen.queryByText('Short summary')).not.toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'Buy Access' })).toHaveAttribute(
      'href',
      '/checkout/start?subject=vagus-nerve&priceId=price_vagus_nerve',
    );
    expect(screen.getByRole('link', { name: 'Back to preview' })).toHaveAttribute(
      'href',
      '/preview?subject=vagus-nerve',
    );
  });

  it('falls back to summary_html', async () => {
    installFetch({
      ...signedOut,
      'GET /api/preview': { body: PREVIEW },
      'GET /api/preview/nodes/a2': {
        body: {
          id: 'a2',
          title: 'Breathing',
          category: 'Practice',
          summary_html: '<p>Slow exhale.</p>',
          lesson_html: null,
        },
      },
    });
    renderApp({ route: '/preview/node/a2?subject=vagus-nerve' });
    expect(await screen.findByText('Slow exhale.')).toBeInTheDocument();
  });

  it('a lesson outside the free samples shows the server message with Buy Access', async () => {
    const message = 'This lesson is part of the full course. Buy access to read it.';
    installFetch({
      ...signedOut,
      'GET /api/preview': { body: PREVIEW },
      'GET /api/preview/nodes/a5': { status: 403, body: errorBody(403, message) },
    });
    renderApp({ route: '/preview/node/a5?subject=vagus-nerve' });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Access' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/checkout\/start\?subject=vagus-nerve/),
    );
    expect(screen.getByRole('link', { name: 'Back to preview' })).toHaveAttribute(
      'href',
      '/preview?subject=vagus-nerve',
    );
  });
});
