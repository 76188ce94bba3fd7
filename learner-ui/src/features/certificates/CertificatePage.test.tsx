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
const VERIFY = `POST /api/certificates/${ID}/verify`;
const LINKEDIN =
  'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=7-Day+Breath+Reset&organizationName=LearnPath&issueYear=2026&issueMonth=3&certUrl=http%3A%2F%2Flocalhost%2Fcertificates%2FYk3m9QxZ_pL2rT8vW1aB0c&certId=Yk3m9QxZ_pL2rT8vW1aB0c';

function check(status: 'verified' | 'revoked' | 'invalid') {
  return {
    status,
    signatureValid: status !== 'invalid',
    revoked: status === 'revoked',
    errors: status === 'invalid' ? ['The signature does not match'] : [],
    checkedAt: '2026-03-12T09:30:00.000Z',
  };
}

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
    },
    issuerName: 'LearnPath',
    links: {
      page: `http://localhost/certificates/${ID}`,
      pdf: `http://localhost/api/certificates/${ID}/pdf`,
      credential: `http://localhost/api/certificates/${ID}/credential`,
      linkedIn: LINKEDIN,
    },
    credential: { type: ['VerifiableCredential', 'OpenBadgeCredential'] },
    verification: { signatureValid: true, revoked: false, revokedAt: null, ...verification },
  };
}

const status = () => screen.getByTestId('certificate-status');

describe('/certificates/{id} (public)', () => {
  it('signed out: shows the snapshot, Verified, the PDF, LinkedIn and credential, without asking for a sign-in', async () => {
    const held = deferred<MockReply>();
    const fetchMock = installFetch({ ...signedOut, ...catalogHandlers, [GET]: () => held.promise });
    renderApp({ route: `/certificates/${ID}` });

    expect(await screen.findByRole('progressbar', { name: 'Loading certificate' })).toBeInTheDocument();
    held.resolve({ body: certificate() });

    expect(await screen.findByRole('heading', { level: 1, name: '7-Day Breath Reset' })).toBeInTheDocument();
    expect(currentLocation()).toBe(`/certificates/${ID}`);
    await waitFor(() => expect(document.title).toBe('Certificate · 7-Day Breath Reset · LearnPath'));
    expect(within(status()).getByText('Verified')).toBeInTheDocument();
    expect(within(status()).queryByText('Could not verify')).not.toBeInTheDocument();

    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      Learner: 'Ada Lovelace',
      Challenge: '7-Day Breath Reset',
      Course: 'The Vagus Nerve',
      'Days completed': '7',
      Issued: 'Mar 8, 2026',
      Issuer: 'LearnPath',
      'Certificate ID': ID,
    });
    // the content version is not the public's business
    expect(screen.queryByText(/content version/i)).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/certificates/${ID}/pdf`);
    const linkedIn = screen.getByRole('link', { name: 'Add to LinkedIn' });
    expect(linkedIn).toHaveAttribute('href', LINKEDIN);
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Download credential (Open Badges 3.0)' })).toHaveAttribute(
      'href',
      `/api/certificates/${ID}/credential`,
    );
    const [call] = callsTo(fetchMock, GET);
    expect(call.headers.get('Authorization')).toBeNull();
  });

  it('a signature that does not verify says Could not verify, and is not called verified', async () => {
    installFetch({ ...signedIn(), ...catalogHandlers, [GET]: { body: certificate({ signatureValid: false }) } });
    renderApp({ route: `/certificates/${ID}` });
    expect(await screen.findByText('Could not verify')).toBeInTheDocument();
    expect(within(status()).queryByText('Verified')).not.toBeInTheDocument();
  });

  it('a revoked certificate says Revoked and when, never why', async () => {
    installFetch({
      ...signedOut,
      ...catalogHandlers,
      [GET]: { body: certificate({ revoked: true, revokedAt: '2026-03-10T12:00:00.000Z' }) },
    });
    renderApp({ route: `/certificates/${ID}` });
    expect(await within(await screen.findByTestId('certificate-status')).findByText('Revoked')).toBeInTheDocument();
    expect(status()).toHaveTextContent('The issuer withdrew this certificate on Mar 10, 2026.');
    expect(within(status()).queryByText('Verified')).not.toBeInTheDocument();
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
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
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
    await waitFor(() => expect(within(status()).getByText('Verified')).toBeInTheDocument());
  });
});

describe('Verify again', () => {
  it('checks on the server, by keyboard, and shows what it answered: verified, then revoked', async () => {
    const user = userEvent.setup();
    const answers = [check('verified'), check('revoked')];
    const held = deferred<MockReply>();
    let calls = 0;
    const fetchMock = installFetch({
      ...signedOut,
      ...catalogHandlers,
      [GET]: { body: certificate() },
      [VERIFY]: () => (++calls === 1 ? held.promise : { body: answers[1] }),
    });
    renderApp({ route: `/certificates/${ID}` });
    const button = await screen.findByRole('button', { name: 'Verify again' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Verifying…' })).toBeDisabled();
    expect(within(status()).getByRole('status')).toHaveAttribute('aria-busy', 'true');
    held.resolve({ body: answers[0] });
    expect(await within(status()).findByText(/^Checked /)).toBeInTheDocument();
    expect(within(status()).getByText('Verified')).toBeInTheDocument();
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Verify again' }));
    expect(await within(status()).findByText('Revoked')).toBeInTheDocument();
    expect(within(status()).queryByText('Verified')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(2);
  });

  it('says Could not verify when the server says the credential is invalid, or the check fails', async () => {
    const user = userEvent.setup();
    let calls = 0;
    installFetch({
      ...signedOut,
      ...catalogHandlers,
      [GET]: { body: certificate() },
      [VERIFY]: () =>
        ++calls === 1 ? { body: check('invalid') } : { status: 503, body: errorBody(503, 'Try again in a moment') },
    });
    renderApp({ route: `/certificates/${ID}` });
    await user.click(await screen.findByRole('button', { name: 'Verify again' }));
    expect(await within(status()).findByText('Could not verify')).toBeInTheDocument();
    expect(within(status()).queryByText('Verified')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify again' }));
    expect(await within(status()).findByText('Try again in a moment')).toBeInTheDocument();
    expect(within(status()).getByText('Could not verify')).toBeInTheDocument();
  });
});
