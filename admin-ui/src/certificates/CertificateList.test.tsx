import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, heldReply, json, listReply, makeSession, mockFetch, stubLocation } from '../test/browser';
import { NO_CERTIFICATES } from './CertificateList';

const REFRESH = 'POST /api/auth/refresh';
const CERTIFICATES = 'GET /api/admin/certificates';

/** As the API sends them to an admin: the holder's e-mail and why one was revoked. */
const NEWEST = {
  id: 'Yk3m9QxZ_pL2rT8vW1aB0c',
  userId: 'u-ada',
  userEmail: 'ada@example.test' as string | null,
  challengeId: 'vagus-breath-7',
  issuedAt: '2026-03-08T15:04:00.000Z',
  revoked: false,
  revokedReason: null as string | null,
};
const OLDER = {
  id: 'Qw8e7R6t5Y4u3I2o1P0a9s',
  userId: 'u-bob',
  userEmail: 'bob@example.test' as string | null,
  challengeId: 'vagus-reset-14',
  issuedAt: '2026-02-01T09:30:00.000Z',
  revoked: true,
  revokedReason: 'Copied work' as string | null,
};
/** As the API sends them to the studio role: no e-mail, no reason. */
const forStudio = (c: typeof NEWEST) => ({ ...c, userEmail: null, revokedReason: null });

type Routes = Parameters<typeof mockFetch>[0];

async function renderCertificates(routes: Routes = {}, roles = ['learner', 'studio']) {
  stubLocation('/studio/certificates');
  const server = mockFetch({
    [REFRESH]: json(makeSession(roles, { token: 'token-a' })),
    [CERTIFICATES]: () =>
      listReply('certificates', roles.includes('admin') ? [NEWEST, OLDER] : [NEWEST, OLDER].map(forStudio)),
    ...routes,
  });
  vi.resetModules();
  const { App } = await import('../App');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Certificates' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const table = () => screen.findByRole('table', { name: 'Certificates' });
const usFormat = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });

describe('Certificates screen', { timeout: 20_000 }, () => {
  it('lists certificates newest first: ID linking to the public page, User, Challenge, Issued and a revoked chip', async () => {
    const held = heldReply(() => listReply('certificates', [NEWEST, OLDER].map(forStudio)));
    const { server } = await renderCertificates({ [CERTIFICATES]: held.reply });
    expect(await screen.findByRole('progressbar', { name: 'Loading certificates' })).toBeInTheDocument();
    held.release();

    const grid = await table();
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'User', 'Challenge', 'Issued', 'Status']);
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);

    const link = within(rows[0]).getByRole('link', { name: NEWEST.id });
    expect(link).toHaveAttribute('href', `/certificates/${NEWEST.id}`);
    expect(link).toHaveAttribute('target', '_blank');
    // the studio role gets no e-mail address from the API: the user id stands in
    expect(within(rows[0]).getByText('u-ada')).toBeInTheDocument();
    expect(grid).not.toHaveTextContent('@');
    expect(within(rows[0]).getByText('vagus-breath-7')).toBeInTheDocument();
    expect(within(rows[0]).getByText(usFormat(NEWEST.issuedAt))).toBeInTheDocument();
    expect(usFormat(NEWEST.issuedAt)).toMatch(/^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s[AP]M$/);
    expect(within(rows[0]).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Revoked')).toBeInTheDocument();
    expect(within(rows[1]).queryByText('Copied work')).not.toBeInTheDocument();

    const params = new URL(server.callsTo('GET', '/api/admin/certificates')[0].path, 'http://localhost').searchParams;
    expect(JSON.parse(params.get('sort') ?? '')).toEqual(['issuedAt', 'DESC']);
    // Not an admin: no Revoke.
    await server.idle();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('admins revoke with a reason; the list is read again', async () => {
    const { server, user } = await renderCertificates(
      {
        [CERTIFICATES]: [
          listReply('certificates', [NEWEST, OLDER]),
          listReply('certificates', [{ ...NEWEST, revoked: true }, OLDER]),
        ],
        [`POST /api/admin/certificates/${NEWEST.id}/revoke`]: json({
          id: NEWEST.id,
          revoked: true,
          revokedAt: '2026-03-09T10:00:00.000Z',
          reason: 'Issued in error',
        }),
      },
      ['learner', 'studio', 'admin'],
    );
    const grid = await table();
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Actions');
    const rows = within(grid).getAllByRole('row').slice(1);
    // admins see the holder's e-mail and why a certificate was revoked
    expect(within(rows[0]).getByText('ada@example.test')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Copied work')).toBeInTheDocument();
    // Already revoked: nothing to revoke.
    expect(within(rows[1]).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
    await user.click(within(rows[0]).getByRole('button', { name: `Revoke ${NEWEST.id}` }));

    const dialog = await screen.findByRole('dialog', { name: 'Revoke certificate' });
    const confirm = within(dialog).getByRole('button', { name: 'Revoke' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Issued in error ');
    await user.click(confirm);

    expect(await screen.findByText('Certificate revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(within(await table()).getAllByText('Revoked')).toHaveLength(2));
    const [call] = server.callsTo('POST', `/api/admin/certificates/${NEWEST.id}/revoke`);
    expect(JSON.parse(call.body ?? '')).toEqual({ reason: 'Issued in error' });
    expect(call.headers.get('Authorization')).toBe('Bearer token-a');
    expect(server.callsTo('GET', '/api/admin/certificates')).toHaveLength(2);
  });

  it('a refused revocation shows the server message in the dialog', async () => {
    const { user } = await renderCertificates(
      { [`POST /api/admin/certificates/${NEWEST.id}/revoke`]: apiError(409, 'The certificate is already revoked') },
      ['learner', 'studio', 'admin'],
    );
    await user.click(within(await table()).getByRole('button', { name: `Revoke ${NEWEST.id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke certificate' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The certificate is already revoked');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the empty state', async () => {
    await renderCertificates({ [CERTIFICATES]: () => listReply('certificates', []) });
    expect(await screen.findByText(NO_CERTIFICATES)).toBeInTheDocument();
  });

  it('shows a load failure', async () => {
    await renderCertificates({ [CERTIFICATES]: () => apiError(500, 'Internal server error (id 3)') });
    expect(
      await screen.findByText('Could not load the certificates: Internal server error (id 3)'),
    ).toBeInTheDocument();
  });
});
