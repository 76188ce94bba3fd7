import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, deferred, errorBody, installFetch, type MockReply } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { currentLocation, signedIn, signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';
import type { MyCertificate } from '../../api/challenges';
import { LIST } from '../challenges/test-fixtures';
import { NO_CERTIFICATES } from './MyCertificatesPage';

const MINE = 'GET /api/me/certificates';

function mine(id: string, challengeName: string, extra: Partial<MyCertificate> = {}): MyCertificate {
  return {
    id,
    challengeId: 'vagus-breath-7',
    challengeName,
    subjectTitle: 'The Vagus Nerve',
    learnerName: 'Ada Lovelace',
    days: 7,
    issuedAt: '2026-03-08T12:00:00.000Z',
    revoked: false,
    links: {
      page: `http://localhost/certificates/${id}`,
      pdf: `http://localhost/api/certificates/${id}/pdf`,
      credential: `http://localhost/api/certificates/${id}/credential`,
      linkedIn: `https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&certId=${id}`,
    },
    ...extra,
  };
}

describe('/challenges/certificates (My certificates)', () => {
  it('shows a spinner, then each certificate with its page, PDF and LinkedIn', async () => {
    const held = deferred<MockReply>();
    installFetch({ ...signedIn(), ...catalogHandlers, [MINE]: () => held.promise });
    renderApp({ route: '/challenges/certificates' });

    expect(await screen.findByRole('heading', { level: 1, name: 'My certificates' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading certificates' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My certificates · LearnPath'));
    held.resolve({
      body: {
        certificates: [
          mine('AAAAAAAAAAAAAAAAAAAAA1', '7-Day Breath Reset'),
          mine('AAAAAAAAAAAAAAAAAAAAA2', '14-Day Vagus Reset', { revoked: true, days: 14 }),
        ],
      },
    });

    const list = await screen.findByRole('list', { name: 'My certificates' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 2 }).textContent)).toEqual([
      '7-Day Breath Reset',
      '14-Day Vagus Reset',
    ]);
    const breath = screen.getByRole('listitem', { name: '7-Day Breath Reset' });
    expect(within(breath).getByText('The Vagus Nerve · 7 days · Issued Mar 8, 2026')).toBeInTheDocument();
    expect(within(breath).getByText('Awarded to Ada Lovelace')).toBeInTheDocument();
    expect(within(breath).getByRole('link', { name: 'View certificate: 7-Day Breath Reset' })).toHaveAttribute(
      'href',
      '/certificates/AAAAAAAAAAAAAAAAAAAAA1',
    );
    expect(within(breath).getByRole('link', { name: 'Download PDF: 7-Day Breath Reset' })).toHaveAttribute(
      'href',
      '/api/certificates/AAAAAAAAAAAAAAAAAAAAA1/pdf',
    );
    const linkedIn = within(breath).getByRole('link', { name: 'Add to LinkedIn: 7-Day Breath Reset' });
    expect(linkedIn).toHaveAttribute('href', expect.stringContaining('https://www.linkedin.com/profile/add?'));
    expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(breath).queryByText('Revoked')).not.toBeInTheDocument();

    // a revoked one says so and is not offered for a profile
    const reset = screen.getByRole('listitem', { name: '14-Day Vagus Reset' });
    expect(within(reset).getByText('Revoked')).toBeInTheDocument();
    expect(within(reset).queryByRole('link', { name: /Add to LinkedIn/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading certificates' })).not.toBeInTheDocument();
  });

  it('opens a certificate by keyboard', async () => {
    const user = userEvent.setup();
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      [MINE]: { body: { certificates: [mine('AAAAAAAAAAAAAAAAAAAAA1', '7-Day Breath Reset')] } },
    });
    renderApp({ route: '/challenges/certificates' });
    await screen.findByRole('list', { name: 'My certificates' });
    // from the certificate's heading link, the next Tab stop is View certificate
    screen.getByRole('link', { name: '7-Day Breath Reset' }).focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'View certificate: 7-Day Breath Reset' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/certificates/AAAAAAAAAAAAAAAAAAAAA1'));
  });

  it('says so when there are none, and leads to the challenges', async () => {
    installFetch({ ...signedIn(), ...catalogHandlers, [MINE]: { body: { certificates: [] } } });
    renderApp({ route: '/challenges/certificates' });
    expect(await screen.findByRole('heading', { level: 2, name: NO_CERTIFICATES })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse challenges' })).toHaveAttribute('href', '/challenges');
    expect(screen.queryByRole('list', { name: 'My certificates' })).not.toBeInTheDocument();
  });

  it('shows a failure with the server message and tries again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fetchMock = installFetch({
      ...signedIn(),
      ...catalogHandlers,
      [MINE]: () =>
        ++calls === 1
          ? { status: 500, body: errorBody(500, 'Internal server error (id 9)') }
          : { body: { certificates: [] } },
    });
    renderApp({ route: '/challenges/certificates' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal server error (id 9)');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: NO_CERTIFICATES })).toBeInTheDocument();
    expect(callsTo(fetchMock, MINE)).toHaveLength(2);
  });

  it('needs a sign-in: signed-out visitors go to /login and come back', async () => {
    installFetch({ ...signedOut, ...catalogHandlers });
    renderApp({ route: '/challenges/certificates' });
    await waitFor(() => expect(currentLocation()).toBe('/login?next=%2Fchallenges%2Fcertificates'));
  });

  it('is linked from the Challenges page', async () => {
    const user = userEvent.setup();
    installFetch({
      ...signedIn(),
      ...catalogHandlers,
      'GET /api/challenges': { body: LIST },
      [MINE]: { body: { certificates: [] } },
    });
    renderApp({ route: '/challenges' });
    await user.click(await screen.findByRole('link', { name: 'My certificates' }));
    await waitFor(() => expect(currentLocation()).toBe('/challenges/certificates'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My certificates' })).toBeInTheDocument();
  });
});
