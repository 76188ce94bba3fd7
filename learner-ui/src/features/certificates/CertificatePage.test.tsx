import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, deferred, errorBody, installFetch, type MockReply } from '../../test/fetch-mock';
import { catalogHandlers } from '../../test/catalog-fixtures';
import { currentLocation, signedIn, signedOut } from '../../test/helpers';
import { renderApp } from '../../test/render';
import type { PublicCertificate } from '../../api/challenges';

const ID = 'Yk3m9QxZ_pL2rT8vW1aB0c';
const GET = `GET /api/certificates/${ID}`;

function certificate(verification: Partial<PublicCertificate['verification']> = {}): PublicCertificate {
  return {
    id: ID,
    snapshot: {
      learnerName: 'Ada Lovelace',
      challengeId: 'vagus-breath-7',
      challengeName: '7-Day Breath Reset',
      subjectId: 'vagus-nerve',
      subjectTitle: 'The Vagus Nerve',
      days: 7,
      issuedAt: '2026-03-08T12:00:00.000Z',
      contentVersion: 3,
    },
    credential: { type: ['VerifiableCredential', 'OpenBadgeCredential'] },
    verification: { signatureValid: true, revoked: false, revokedAt: null, reason: null, ...verification },
  };
}

const status = () => screen.getByTestId('certificate-status');

describe('/certificates/{id} (public)', () => {
  it('signed out: shows the snapshot, Valid, and the credential download, without asking for a sign-in', async () => {
    const held = deferred<MockReply>();
    const fetchMock = installFetch({ ...signedOut, ...catalogHandlers, [GET]: () => held.promise });
    renderApp({ route: `/certificates/${ID}` });

    expect(await screen.findByRole('progressbar', { name: 'Loading certificate' })).toBeInTheDocument();
    held.resolve({ body: certificate() });

    expect(await screen.findByRole('heading', { level: 1, name: '7-Day Breath Reset' })).toBeInTheDocument();
    expect(currentLocation()).toBe(`/certificates/${ID}`);
    await waitFor(() => expect(document.title).toBe('Certificate · 7-Day Breath Reset · LearnPath'));
    expect(within(status()).getByText('Valid')).toBeInTheDocument();
    expect(within(status()).queryByText('Signature does not verify')).not.toBeInTheDocument();

    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      Learner: 'Ada Lovelace',
      Challenge: '7-Day Breath Reset',
      Course: 'The Vagus Nerve',
      'Days completed': '7',
      Issued: 'Mar 8, 2026',
      'Content version': '3',
      'Certificate ID': ID,
    });

    expect(screen.getByRole('link', { name: 'Download credential' })).toHaveAttribute(
      'href',
      `/api/certificates/${ID}/credential`,
    );
    const [call] = callsTo(fetchMock, GET);
    expect(call.headers.get('Authorization')).toBeNull();
  });

  it('a signature that does not verify says so, and is not called valid', async () => {
    installFetch({ ...signedIn(), ...catalogHandlers, [GET]: { body: certificate({ signatureValid: false }) } });
    renderApp({ route: `/certificates/${ID}` });
    expect(await screen.findByText('Signature does not verify')).toBeInTheDocument();
    expect(within(status()).queryByText('Valid')).not.toBeInTheDocument();
  });

  it('a revoked certificate shows the date and the reason', async () => {
    installFetch({
      ...signedOut,
      ...catalogHandlers,
      [GET]: {
        body: certificate({ revoked: true, revokedAt: '2026-03-10T12:00:00.000Z', reason: 'Issued in error' }),
      },
    });
    renderApp({ route: `/certificates/${ID}` });
    expect(await screen.findByText('Revoked on Mar 10, 2026 (Issued in error)')).toBeInTheDocument();
    expect(within(status()).queryByText('Valid')).not.toBeInTheDocument();
    // Still shows what it certified.
    expect(screen.getByRole('heading', { level: 1, name: '7-Day Breath Reset' })).toBeInTheDocument();
  });

  it('an unknown id shows Certificate not found', async () => {
    installFetch({
      ...signedOut,
      ...catalogHandlers,
      'GET /api/certificates/nope': { status: 404, body: errorBody(404, 'Certificate not found') },
    });
    renderApp({ route: '/certificates/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download credential' })).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/certificates/nope');
  });

  it('another failure shows the server message and tries again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    installFetch({
      ...signedOut,
      ...catalogHandlers,
      [GET]: () =>
        ++calls === 1 ? { status: 500, body: errorBody(500, 'Internal server error (id 7)') } : { body: certificate() },
    });
    renderApp({ route: `/certificates/${ID}` });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal server error (id 7)');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(status()).getByText('Valid')).toBeInTheDocument());
  });
});
