import { sha256 } from '../../src/modules/auth/tokens';
import {
  type ApiError,
  Harness,
  type LoginBody,
  mailsTo,
  randomIp,
  refreshCookie,
  tokenFrom,
  uniqueEmail,
  waitForMail,
} from '../support/harness';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { AuthRepository } from '../../src/modules/auth/auth.repository';
import { LoginDelay } from '../../src/modules/auth/login-delay';

// This file checks that sign-ups store OWASP-cost hashes: the cheap test cost (test/support/env.ts) stays off.
delete process.env.PASSWORD_HASH_CHEAP;

let h: Harness;

beforeAll(async () => {
  h = await Harness.boot();
});
afterAll(async () => {
  await h.close();
});

const PASSWORD = 'a-long-enough-secret';

/** Registers, follows the verification link from the mail, and signs in. */
async function verifiedUser(tag = 'user', password = PASSWORD) {
  const email = uniqueEmail(tag);
  expect((await h.post('/api/auth/register', { email, password })).status).toBe(201);
  const mail = await waitForMail(email, 'verify-email');
  expect((await h.post('/api/auth/verify', { token: tokenFrom(mail.link) })).status).toBe(200);
  const login = await h.post<LoginBody>('/api/auth/login', { email, password });
  expect(login.status).toBe(200);
  return { email, password, login, token: login.body.accessToken as string, cookie: refreshCookie(login) };
}

describe('registration and e-mail verification', () => {
  it('registers a learner, mails a verification link, refuses sign-in until verified, then signs in', async () => {
    const email = uniqueEmail('reg');
    const reg = await h.post('/api/auth/register', { email: email.toUpperCase(), password: PASSWORD });
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({ message: 'Check your email to confirm your account.' });

    const [user] = await h.sql<{
      email: string;
      password_hash: string;
      email_verified_at: Date | null;
      roles: string[];
    }>(
      'select u.email, u.password_hash, u.email_verified_at, array_agg(r.role) as roles from users u join user_roles r on r.user_id = u.id where u.email = ? group by u.id',
      [email],
    );
    expect(user.email).toBe(email);
    expect(user.roles).toEqual(['learner']);
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.email_verified_at).toBeNull();

    const mail = await waitForMail(email, 'verify-email');
    expect(mail.link).toMatch(/^http:\/\/learn\.test\/verify\?token=[A-Za-z0-9_-]{43}$/);
    // Only the hash of the token is stored.
    const stored = await h.sql<{ token_hash: string }>(
      'select token_hash from one_time_tokens t join users u on u.id = t.user_id where u.email = ?',
      [email],
    );
    expect(stored[0].token_hash).not.toContain(tokenFrom(mail.link));

    const early = await h.post<LoginBody>('/api/auth/login', { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Email not confirmed' });

    const verify = await h.post('/api/auth/verify', { token: tokenFrom(mail.link) });
    expect(verify.status).toBe(200);
    const again = await h.post<ApiError>('/api/auth/verify', { token: tokenFrom(mail.link) });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Invalid or expired verification link');

    const login = await h.post<LoginBody>('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, roles: ['learner'], emailVerified: true });
    expect(login.body.expiresAt).toBeGreaterThan(Date.now() + 10 * 60 * 1000);
    const cookie = login.setCookies.find((c) => c.startsWith('lp_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(JSON.stringify(login.body)).not.toContain(cookie.split(';')[0].split('=')[1]);

    const session = await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token: login.body.accessToken });
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(email);
    expect(session.body.user).not.toHaveProperty('passwordHash');
  });

  it('answers a registration for a taken e-mail exactly like a new one, sends a notice, and creates nothing', async () => {
    const { email } = await verifiedUser('dup');
    const again = await h.post('/api/auth/register', { email, password: 'another-password-1' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ message: 'Check your email to confirm your account.' });
    const notice = await waitForMail(email, 'already-registered');
    expect(notice.link).toBe('http://learn.test/login');
    const rows = await h.sql<{ n: number }>('select count(*)::int as n from users where email = ?', [email]);
    expect(rows[0].n).toBe(1);
    // The original password still works.
    expect((await h.post<LoginBody>('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it.each([
    [{ email: 'not-an-email', password: PASSWORD }, 'Please enter a valid email address.'],
    [{ email: uniqueEmail(), password: 'abc' }, 'Password must be at least 6 characters'],
    [{ email: uniqueEmail(), password: 'password123' }, 'Password is too common: choose one that is harder to guess'],
    [{ email: uniqueEmail(), password: PASSWORD, roles: ['admin'] }, 'property roles should not exist'],
    [{ email: uniqueEmail() }, 'Password is required'],
  ])('refuses bad registration input %j with 400', async (body, message) => {
    const res = await h.post<ApiError>('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bad Request');
    expect(res.body.message).toContain(message);
  });

  it('refuses malformed JSON with a 400, not a 500', async () => {
    const res = await h.request('POST', '/api/auth/login', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('request-verify answers the same for unknown, verified and unverified addresses, and mails only the unverified', async () => {
    const unverified = uniqueEmail('unv');
    await h.post('/api/auth/register', { email: unverified, password: PASSWORD });
    await waitForMail(unverified, 'verify-email');
    const { email: verified } = await verifiedUser('ver');
    const answers = await Promise.all(
      [unverified, verified, uniqueEmail('ghost')].map((email) => h.post('/api/auth/request-verify', { email })),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(answers[0].body);
    }
    await waitForMail(unverified, 'verify-email', 2);
    await h.queuesDrained();
    // The first link stopped working when the second was issued.
    const [first, second] = mailsTo(unverified).filter((m) => m.template === 'verify-email');
    expect((await h.post('/api/auth/verify', { token: tokenFrom(first.link) })).status).toBe(400);
    expect((await h.post('/api/auth/verify', { token: tokenFrom(second.link) })).status).toBe(200);
    expect(mailsTo(verified).filter((m) => m.template === 'verify-email')).toHaveLength(1);
  });

  it('refuses an expired verification token', async () => {
    const email = uniqueEmail('exp');
    await h.post('/api/auth/register', { email, password: PASSWORD });
    const mail = await waitForMail(email, 'verify-email');
    await h.sql(
      `update one_time_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ?)`,
      [email],
    );
    expect((await h.post('/api/auth/verify', { token: tokenFrom(mail.link) })).status).toBe(400);
  });
});

describe('sign-in', () => {
  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { email } = await verifiedUser('enum');
    const wrong = await h.post<LoginBody>('/api/auth/login', { email, password: 'not-the-password' });
    const unknown = await h.post<LoginBody>('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' });
    expect(wrong.setCookies).toHaveLength(0);
  });

  it('signs in the seeded demo accounts with their roles', async () => {
    const login = await h.post<LoginBody>('/api/auth/login', { email: 'admin@example.com', password: 'demo-password' });
    expect(login.status).toBe(200);
    expect(login.body.user.roles).toEqual(['admin', 'learner', 'studio']);
    const clinician = await h.post<LoginBody>('/api/auth/login', {
      email: 'clinician@example.com',
      password: 'demo-password',
    });
    expect(clinician.body.user.roles).toEqual(['clinician', 'learner']);
  });

  it('refuses missing, malformed and forged access tokens', async () => {
    expect((await h.get<{ user: LoginBody['user'] }>('/api/auth/session')).body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Auth session missing!',
    });
    expect((await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token: 'garbage' })).status).toBe(401);
    const { token } = await verifiedUser('forge');
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not-the-signature').toString('base64url')}`;
    expect((await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token: forged })).status).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token on every use', async () => {
    const { cookie } = await verifiedUser('rot');
    const first = await h.post<LoginBody>('/api/auth/refresh', undefined, { cookie });
    expect(first.status).toBe(200);
    const next = refreshCookie(first);
    expect(next).not.toBe(cookie);
    expect(first.body.accessToken).toEqual(expect.any(String));
    expect(
      (await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token: first.body.accessToken })).status,
    ).toBe(200);
    const second = await h.post<LoginBody>('/api/auth/refresh', undefined, { cookie: next });
    expect(second.status).toBe(200);
  });

  it('answers a missing cookie with the spec message', async () => {
    const res = await h.post<ApiError>('/api/auth/refresh');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Auth session missing!');
  });

  it('tolerates two tabs refreshing at once, but a token replayed later revokes the whole session', async () => {
    const { cookie, token } = await verifiedUser('reuse');
    const [a, b] = await Promise.all([
      h.post<LoginBody>('/api/auth/refresh', undefined, { cookie }),
      h.post<LoginBody>('/api/auth/refresh', undefined, { cookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const live = refreshCookie(a);

    // The replay must come after the reuse grace window (REFRESH_REUSE_GRACE_SECONDS=1 in test/support/env.ts):
    // the first token's use is moved 5 s into the past instead of waiting for the clock.
    const aged = await h.sql<{ id: string }>(
      `update refresh_tokens set used_at = used_at - interval '5 seconds' where token_hash = ? and used_at is not null
        returning id`,
      [sha256(decodeURIComponent(cookie.slice('lp_refresh='.length)))],
    );
    expect(aged).toHaveLength(1);
    const replay = await h.post<ApiError>('/api/auth/refresh', undefined, { cookie });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Invalid refresh token');

    // Every token of the family and every access token of the session are dead now.
    expect((await h.post<LoginBody>('/api/auth/refresh', undefined, { cookie: live })).status).toBe(401);
    expect((await h.post<LoginBody>('/api/auth/refresh', undefined, { cookie: refreshCookie(b) })).status).toBe(401);
    expect((await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token })).status).toBe(401);
    expect((await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token: a.body.accessToken })).status).toBe(
      401,
    );
  });

  it('stops at the absolute session expiry however recently it was refreshed', async () => {
    const { cookie, email } = await verifiedUser('abs');
    const ok = await h.post<LoginBody>('/api/auth/refresh', undefined, { cookie });
    expect(ok.status).toBe(200);
    await h.sql(
      `update auth_sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ?)`,
      [email],
    );
    expect((await h.post<LoginBody>('/api/auth/refresh', undefined, { cookie: refreshCookie(ok) })).status).toBe(401);
    expect((await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token: ok.body.accessToken })).status).toBe(
      401,
    );
  });

  it('refuses an expired refresh token', async () => {
    const { cookie, email } = await verifiedUser('rexp');
    await h.sql(
      `update refresh_tokens set expires_at = now() - interval '1 second' where session_id in (select s.id from auth_sessions s join users u on u.id = s.user_id where u.email = ?)`,
      [email],
    );
    expect((await h.post<LoginBody>('/api/auth/refresh', undefined, { cookie })).status).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session: the access token and the refresh cookie stop working at once', async () => {
    const { cookie, token } = await verifiedUser('out');
    const out = await h.post('/api/auth/logout', undefined, { cookie, token });
    expect(out.status).toBe(204);
    expect(out.setCookies.some((c) => /^lp_refresh=;/.test(c) && /Path=\/api\/auth/.test(c))).toBe(true);
    expect((await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token })).status).toBe(401);
    expect((await h.post<LoginBody>('/api/auth/refresh', undefined, { cookie })).status).toBe(401);
  });

  it('leaves the user’s other sessions alone', async () => {
    const { email, token: first } = await verifiedUser('multi');
    const second = await h.post<LoginBody>('/api/auth/login', { email, password: PASSWORD });
    await h.post('/api/auth/logout', undefined, { token: second.body.accessToken });
    expect(
      (await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token: second.body.accessToken })).status,
    ).toBe(401);
    expect((await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token: first })).status).toBe(200);
  });

  it('answers 204 even without any session', async () => {
    expect((await h.post('/api/auth/logout')).status).toBe(204);
  });
});

describe('password reset', () => {
  it('mails a single-use link, sets the new password and signs out every session', async () => {
    const { email, token, cookie } = await verifiedUser('reset');
    const req = await h.post('/api/auth/request-reset', { email });
    expect(req.status).toBe(200);
    const mail = await waitForMail(email, 'reset-password');
    expect(mail.link).toMatch(/^http:\/\/learn\.test\/reset-password\?token=/);

    const weak = await h.post<ApiError>('/api/auth/reset', { token: tokenFrom(mail.link), password: '123' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('Password must be at least 6 characters');

    const reset = await h.post('/api/auth/reset', { token: tokenFrom(mail.link), password: 'brand-new-secret' });
    expect(reset.status).toBe(200);
    expect(
      (await h.post<ApiError>('/api/auth/reset', { token: tokenFrom(mail.link), password: 'another-new-secret' })).body
        .message,
    ).toBe('Invalid or expired reset link');

    expect((await h.get<{ user: LoginBody['user'] }>('/api/auth/session', { token })).status).toBe(401);
    expect((await h.post<LoginBody>('/api/auth/refresh', undefined, { cookie })).status).toBe(401);
    expect((await h.post<LoginBody>('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await h.post<LoginBody>('/api/auth/login', { email, password: 'brand-new-secret' })).status).toBe(200);
  });

  it('answers the same for unknown e-mails and mails nobody', async () => {
    const { email } = await verifiedUser('rq');
    const ghost = uniqueEmail('ghost');
    const known = await h.post('/api/auth/request-reset', { email });
    const unknown = await h.post('/api/auth/request-reset', { email: ghost });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await waitForMail(email, 'reset-password');
    // Every queued job has run, so nothing is still on its way to the ghost address.
    await h.queuesDrained();
    expect(mailsTo(ghost)).toHaveLength(0);
  });

  it('refuses expired, unknown and malformed tokens', async () => {
    const { email } = await verifiedUser('rexpire');
    await h.post('/api/auth/request-reset', { email });
    const mail = await waitForMail(email, 'reset-password');
    await h.sql(
      `update one_time_tokens set expires_at = now() - interval '1 second' where kind = 'reset' and user_id = (select id from users where email = ?)`,
      [email],
    );
    expect(
      (await h.post('/api/auth/reset', { token: tokenFrom(mail.link), password: 'brand-new-secret' })).status,
    ).toBe(400);
    expect((await h.post('/api/auth/reset', { token: 'x'.repeat(43), password: 'brand-new-secret' })).status).toBe(400);
    expect((await h.post('/api/auth/reset', { token: 'short', password: 'brand-new-secret' })).status).toBe(400);
    expect((await h.post('/api/auth/request-reset', {})).status).toBe(400);
  });

  it('a verification token cannot reset a password', async () => {
    const email = uniqueEmail('cross');
    await h.post('/api/auth/register', { email, password: PASSWORD });
    const mail = await waitForMail(email, 'verify-email');
    expect(
      (await h.post('/api/auth/reset', { token: tokenFrom(mail.link), password: 'brand-new-secret' })).status,
    ).toBe(400);
  });
});

describe('rate limits (Redis-backed)', () => {
  it('stops a password guesser per account and address, without locking the owner out', async () => {
    const { email } = await verifiedUser('rl-acct');
    const guesser = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await h.post<LoginBody>('/api/auth/login', { email, password: 'wrong-password' }, { ip: guesser })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await h.post<ApiError>('/api/auth/login', { email, password: PASSWORD }, { ip: guesser });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from anywhere else, still signs in (slowed down, not refused).
    expect((await h.post<LoginBody>('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('wrong passwords from many addresses slow the account down but never lock it', async () => {
    const { email } = await verifiedUser('rl-spread');
    for (let i = 0; i < 12; i++) {
      expect(
        (await h.post<LoginBody>('/api/auth/login', { email, password: 'wrong-password' }, { ip: randomIp() })).status,
      ).toBe(401);
    }
    // The pause the sign-in asks for, and that it looks the account up only once the pause is over (the pause
    // itself is not timed: here it ends on the next turn of the event loop).
    const steps: string[] = [];
    const wait = jest.spyOn(h.app.get(LoginDelay), 'wait').mockImplementation((ms) => {
      steps.push(`pause ${ms} ms`);
      return new Promise((resolve) => setImmediate(() => resolve(void steps.push('pause over'))));
    });
    const repo = h.app.get(AuthRepository);
    const findUser = repo.findUserByEmail.bind(repo);
    const lookup = jest.spyOn(repo, 'findUserByEmail').mockImplementation((...args) => {
      steps.push('account looked up');
      return findUser(...args);
    });
    try {
      expect(
        (await h.post<LoginBody>('/api/auth/login', { email, password: PASSWORD }, { ip: randomIp() })).status,
      ).toBe(200);
    } finally {
      wait.mockRestore();
      lookup.mockRestore();
    }
    // 12 failures against a limit of 10: 750 ms
    expect(steps).toEqual(['pause 750 ms', 'pause over', 'account looked up']);
  });

  it('successful sign-ins do not count towards any limit', async () => {
    const { email } = await verifiedUser('rl-ok');
    const ip = randomIp();
    for (let i = 0; i < 12; i++)
      expect((await h.post<LoginBody>('/api/auth/login', { email, password: PASSWORD }, { ip })).status).toBe(200);
  });

  it('limits sign-in attempts per IP address across accounts', async () => {
    const ip = randomIp();
    let last = 0;
    for (let i = 0; i < 51; i++)
      last = (
        await h.post<LoginBody>('/api/auth/login', { email: uniqueEmail('rl-ip'), password: 'whatever-pass' }, { ip })
      ).status;
    expect(last).toBe(429);
    // Another address is unaffected.
    expect(
      (await h.post<LoginBody>('/api/auth/login', { email: uniqueEmail('rl-ip'), password: 'whatever-pass' })).status,
    ).toBe(401);
  });

  it('limits registrations per IP address', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await h.post('/api/auth/register', { email: uniqueEmail('rl-reg'), password: PASSWORD }, { ip })).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limits reset requests per IP, and mails one address at most 5 times per window', async () => {
    const { email } = await verifiedUser('rl-reset');
    for (let i = 0; i < 7; i++) expect((await h.post('/api/auth/request-reset', { email })).status).toBe(200);
    await waitForMail(email, 'reset-password', 4); // verifiedUser's registration used one of the five mails
    await h.queuesDrained(); // the other three requests' jobs have run too, and sent nothing
    expect(mailsTo(email).filter((m) => m.template === 'reset-password')).toHaveLength(4);

    const ip = randomIp();
    let last = 0;
    for (let i = 0; i < 21; i++)
      last = (await h.post('/api/auth/request-reset', { email: uniqueEmail('rl') }, { ip })).status;
    expect(last).toBe(429);
  });
});

describe('display name (issue 26 §9)', () => {
  it('stores a trimmed name at registration and answers it in login, session, refresh and the profile', async () => {
    const email = uniqueEmail('named');
    const reg = await h.post('/api/auth/register', { email, password: PASSWORD, name: '  Ada Lovelace  ' });
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({ message: 'Check your email to confirm your account.' });
    const [row] = await h.sql<{ display_name: string | null }>('select display_name from users where email = ?', [
      email,
    ]);
    expect(row.display_name).toBe('Ada Lovelace');
    const mail = await waitForMail(email, 'verify-email');
    expect((await h.post('/api/auth/verify', { token: tokenFrom(mail.link) })).status).toBe(200);
    const login = await h.post<LoginBody & { user: { name: string | null } }>('/api/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.name).toBe('Ada Lovelace');
    const token = login.body.accessToken;
    const session = await h.get<{ user: { name: string | null } }>('/api/auth/session', { token });
    expect(session.body.user.name).toBe('Ada Lovelace');
    const refreshed = await h.post<{ user: { name: string | null } }>('/api/auth/refresh', undefined, {
      cookie: refreshCookie(login),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.name).toBe('Ada Lovelace');
    const profile = await h.get('/api/me/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ email, name: 'Ada Lovelace' });
  });

  it('PUT /api/me/profile sets, trims and clears the name, and refuses what is not a short plain name', async () => {
    const { email, token } = await verifiedUser('profile');
    expect((await h.get('/api/me/profile', { token })).body).toEqual({ email, name: null });
    const set = await h.put('/api/me/profile', { name: ' Grace Hopper ' }, { token });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ email, name: 'Grace Hopper' });
    expect((await h.get<{ user: { name: string } }>('/api/auth/session', { token })).body.user.name).toBe(
      'Grace Hopper',
    );

    const refusals: [unknown, string][] = [
      [{ name: 'x'.repeat(81) }, 'name must be at most 80 characters'],
      [{ name: 'Ada\u0007' }, 'name must be plain text'],
      [{ name: 'Ada\nLovelace' }, 'name must be plain text'],
      [{ name: 'evil\u202Eeman' }, 'name must be plain text'],
      // invisible: zero-width space, word joiner, byte-order mark; line and paragraph separators; private use
      [{ name: '\u200B' }, 'name must be plain text'],
      [{ name: 'Ada\u2060Lovelace' }, 'name must be plain text'],
      [{ name: 'Ad\uFEFFa' }, 'name must be plain text'],
      [{ name: 'Ada\u2028Lovelace' }, 'name must be plain text'],
      [{ name: 'Ada\uE000' }, 'name must be plain text'],
      // stacked combining marks ("Zalgo"), and a name that shows nothing readable
      [{ name: 'A\u0301\u0302\u0303\u0304da' }, 'name must be plain text'],
      [{ name: '...' }, 'name must contain a letter or a digit'],
      [{ name: 42 }, 'name must be a string'],
      [{}, 'name must be a string'],
    ];
    for (const [body, message] of refusals) {
      const res = await h.put<ApiError>('/api/me/profile', body, { token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }
    // 80 characters after trimming is fine.
    expect((await h.put('/api/me/profile', { name: ` ${'é'.repeat(80)} ` }, { token })).body).toEqual({
      email,
      name: 'é'.repeat(80),
    });
    // 80 characters, not 80 UTF-16 units: names outside the basic plane count once per character
    expect((await h.put('/api/me/profile', { name: '𝒜'.repeat(80) }, { token })).status).toBe(200);
    // stored in one normal form: a decomposed é is stored composed
    expect((await h.put('/api/me/profile', { name: 'Rene\u0301' }, { token })).body).toEqual({ email, name: 'René' });
    expect((await h.put('/api/me/profile', { name: null }, { token })).body).toEqual({ email, name: null });
    await h.put('/api/me/profile', { name: 'Someone' }, { token });
    expect((await h.put('/api/me/profile', { name: '   ' }, { token })).body).toEqual({ email, name: null });
    const [row] = await h.sql<{ display_name: string | null }>('select display_name from users where email = ?', [
      email,
    ]);
    expect(row.display_name).toBeNull();
    expect((await h.get('/api/me/profile')).status).toBe(401);
  });

  it.each([
    [{ name: 'x'.repeat(81) }, 'name must be at most 80 characters'],
    [{ name: 'tab\there' }, 'name must be plain text'],
    [{ checkout: { priceId: 'p' } }, 'checkout.subjectId is required'],
    [{ checkout: 'vagus-nerve' }, 'checkout must be an object'],
  ])('refuses a registration with %j and creates no account', async (extra, message) => {
    const email = uniqueEmail('bad-extra');
    const res = await h.post<ApiError>('/api/auth/register', { email, password: PASSWORD, ...extra });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await h.sql('select 1 from users where email = ?', [email])).toHaveLength(0);
  });
});

describe('the purchase a sign-up keeps (issue 26 §9)', () => {
  // The courses and prices a checkout names.
  beforeAll(() => h.worker!.get(ContentMigrationService).runIfEmpty());

  type SignIn = LoginBody & { pendingCheckout: { subjectId: string; priceId: string | null } | null };

  async function priceOf(subjectId: string): Promise<string> {
    const prices = await h.get<{ prices: { subjectId: string; priceId: string }[] }>('/api/marketplace/prices');
    return prices.body.prices.find((p) => p.subjectId === subjectId)!.priceId;
  }

  /** Registers with a checkout and confirms the address; returns how to sign in. */
  async function registeredFromCheckout(checkout: unknown, tag = 'buyer') {
    const email = uniqueEmail(tag);
    expect((await h.post('/api/auth/register', { email, password: PASSWORD, checkout })).status).toBe(201);
    const mail = await waitForMail(email, 'verify-email');
    expect((await h.post('/api/auth/verify', { token: tokenFrom(mail.link) })).status).toBe(200);
    return { email, signIn: () => h.post<SignIn>('/api/auth/login', { email, password: PASSWORD }) };
  }

  it('answers the pending checkout in the first sign-in only, and clears it', async () => {
    const priceId = await priceOf('vagus-nerve');
    const { email, signIn } = await registeredFromCheckout({ subjectId: 'vagus-nerve', priceId });
    const [stored] = await h.sql<{ pending_checkout: { subjectId: string; priceId: string; at: string } }>(
      'select pending_checkout from users where email = ?',
      [email],
    );
    expect(stored.pending_checkout).toMatchObject({ subjectId: 'vagus-nerve', priceId });
    expect(Date.now() - Date.parse(stored.pending_checkout.at)).toBeLessThan(60_000);

    const first = await signIn();
    expect(first.status).toBe(200);
    expect(first.body.pendingCheckout).toEqual({ subjectId: 'vagus-nerve', priceId });
    const second = await signIn();
    expect(second.status).toBe(200);
    expect(second.body.pendingCheckout).toBeNull();
    const [after] = await h.sql('select pending_checkout from users where email = ?', [email]);
    expect(after.pending_checkout).toBeNull();
    // Only the sign-in answers it: a refresh and the session never do.
    const refreshed = await h.post('/api/auth/refresh', undefined, { cookie: refreshCookie(first) });
    expect(refreshed.body).not.toHaveProperty('pendingCheckout');
  });

  it('resumes without a price when the price is unknown or belongs to another course', async () => {
    const other = await priceOf('metabolic');
    const { signIn } = await registeredFromCheckout({ subjectId: 'vagus-nerve', priceId: other });
    expect((await signIn()).body.pendingCheckout).toEqual({ subjectId: 'vagus-nerve', priceId: null });
    const { signIn: signIn2 } = await registeredFromCheckout({ subjectId: 'vagus-nerve' });
    expect((await signIn2()).body.pendingCheckout).toEqual({ subjectId: 'vagus-nerve', priceId: null });
  });

  it('ignores a pending checkout older than 7 days, of an owned course, or of a course not in the shop', async () => {
    const stale = await registeredFromCheckout({ subjectId: 'vagus-nerve' }, 'stale');
    await h.sql(
      `update users set pending_checkout = jsonb_set(pending_checkout, '{at}', to_jsonb((now() - interval '8 days')::text)) where email = ?`,
      [stale.email],
    );
    expect((await stale.signIn()).body.pendingCheckout).toBeNull();

    const owner = await registeredFromCheckout({ subjectId: 'metabolic' }, 'owner');
    const [u] = await h.sql<{ id: string }>('select id from users where email = ?', [owner.email]);
    // Bought in the meantime (the first sign-in spends the pending checkout, so the purchase is made directly).
    await h.sql(
      `insert into user_entitlements (id, user_id, subject_id, status) values (gen_random_uuid(), ?, 'metabolic', 'active')`,
      [u.id],
    );
    expect((await owner.signIn()).body.pendingCheckout).toBeNull();

    const unknown = await registeredFromCheckout({ subjectId: 'no-such-course' }, 'unknown');
    expect((await unknown.signIn()).body.pendingCheckout).toBeNull();

    const hidden = await registeredFromCheckout({ subjectId: 'ai-for-ceos' }, 'hidden');
    await h.sql(`update subjects set is_published = false where id = 'ai-for-ceos'`);
    try {
      expect((await hidden.signIn()).body.pendingCheckout).toBeNull();
    } finally {
      await h.sql(`update subjects set is_published = true where id = 'ai-for-ceos'`);
    }
    // Each was spent by that first sign-in, whatever it answered.
    const left = await h.sql('select 1 from users where pending_checkout is not null and email in (?, ?, ?, ?)', [
      stale.email,
      owner.email,
      unknown.email,
      hidden.email,
    ]);
    expect(left).toHaveLength(0);
  });

  it('a registration for a taken e-mail answers the same and stores neither name nor purchase', async () => {
    const { email } = await verifiedUser('taken');
    const again = await h.post('/api/auth/register', {
      email,
      password: 'another-password-1',
      name: 'Mallory',
      checkout: { subjectId: 'vagus-nerve' },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ message: 'Check your email to confirm your account.' });
    const [row] = await h.sql<{ display_name: string | null; pending_checkout: unknown }>(
      'select display_name, pending_checkout from users where email = ?',
      [email],
    );
    expect(row).toEqual({ display_name: null, pending_checkout: null });
    const login = await h.post<SignIn>('/api/auth/login', { email, password: PASSWORD });
    expect(login.body.pendingCheckout).toBeNull();
    expect(login.body.user.name).toBeNull();
  });
});

describe('the session marker cookie (issue 26 §10)', () => {
  const marker = (res: { setCookies: string[] }) => res.setCookies.find((c) => c.startsWith('lp_session='));
  const maxAge = (cookie: string | undefined) => Number(/Max-Age=(\d+)/i.exec(cookie ?? '')?.[1]);

  it('login and refresh set lp_session=1 (readable by the page, the whole site, as long as the refresh cookie)', async () => {
    const { login, cookie } = await verifiedUser('marker');
    for (const res of [login, await h.post('/api/auth/refresh', undefined, { cookie })]) {
      const set = marker(res);
      expect(set).toMatch(/^lp_session=1;/);
      expect(set).toMatch(/Path=\/(;|$)/);
      expect(set).toMatch(/SameSite=Strict/);
      expect(set).not.toMatch(/HttpOnly/i);
      const refresh = res.setCookies.find((c) => c.startsWith('lp_refresh='));
      expect(maxAge(set)).toBeGreaterThan(0);
      expect(maxAge(set)).toBe(maxAge(refresh));
    }
  });

  it('logout and a refused refresh clear it; a refresh without any cookie keeps the spec answer', async () => {
    const { cookie, token } = await verifiedUser('marker-out');
    const out = await h.post('/api/auth/logout', undefined, { cookie, token });
    expect(marker(out)).toMatch(/^lp_session=;/);
    expect(marker(out)).toMatch(/Path=\/(;|$)/);
    expect(marker(out)).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);

    const refused = await h.post<ApiError>('/api/auth/refresh', undefined, { cookie });
    expect(refused.status).toBe(401);
    expect(marker(refused)).toMatch(/^lp_session=;/);

    const none = await h.post<ApiError>('/api/auth/refresh');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Auth session missing!');
  });
});
