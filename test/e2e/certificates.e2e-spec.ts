import { compactVerify, importJWK, type JWK } from 'jose';
import { gunzipSync } from 'node:zlib';
import { CertificatesService } from '../../src/modules/challenges/certificates/certificates.service';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { type ApiError, Harness, type TestUser } from '../support/harness';
import { pdfText } from '../support/pdf-text';

/**
 * Certificates: issued through the service the challenges module calls when a learner passes every day,
 * then read, downloaded, checked and revoked through the public and Studio routes, as a stranger,
 * a learner, a studio user and an admin would.
 */

const CHALLENGE = 'vagus-breath-7';
const ORIGIN = 'http://learn.test'; // PUBLIC_URL in test/support/env.ts
const STATUS_LIST_URL = `${ORIGIN}/api/credentials/status/1`;

interface Snapshot {
  learnerName: string;
  challengeId: string;
  challengeName: string;
  subjectId: string;
  subjectTitle: string;
  days: number;
  issuedAt: string;
}
interface Links {
  page: string;
  pdf: string;
  credential: string;
  linkedIn: string;
}
interface Credential {
  '@context': string[];
  id: string;
  type: string[];
  issuer: { id: string; type: string[]; name: string };
  validFrom: string;
  name: string;
  credentialSubject: {
    type: string[];
    identifier: { identityType: string; identityHash: string; hashed: boolean }[];
    achievement: { id: string; type: string[]; name: string; description: string; criteria: { narrative: string } };
  };
  credentialStatus: {
    id: string;
    type: string;
    statusPurpose: string;
    statusListIndex: string;
    statusListCredential: string;
  };
}
interface CertificatePage {
  id: string;
  snapshot: Snapshot;
  issuerName: string;
  links: Links;
  credential: Credential;
  verification: { signatureValid: boolean; revoked: boolean; revokedAt: string | null };
}
interface Verified {
  signatureValid: boolean;
  revoked: boolean;
  errors: string[];
  credential: Credential | null;
}
interface Issuer {
  id: string;
  type: string[];
  name: string;
  url: string;
  publicKeyJwk: JWK & { kid: string };
  keys: (JWK & { kid: string })[];
}
interface AdminRow {
  id: string;
  userId: string;
  userEmail: string | null;
  challengeId: string;
  issuedAt: string;
  revoked: boolean;
  revokedReason: string | null;
}

let h: Harness;
let admin: string;
let studio: string;
let demoLearner: string;

beforeAll(async () => {
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  [admin, studio, demoLearner] = await Promise.all([
    h.demoToken('admin'),
    h.demoToken('studio'),
    h.demoToken('learner'),
  ]);
}, 120_000);
afterAll(() => h.close());

/** The names the learners of this file chose for their certificates (PUT /api/me/profile), by user id. */
const names = new Map<string, string>();
const nameOf = (u: TestUser) => names.get(u.id)!;

/** A learner who owns the course and chose the name their certificates show. */
async function namedLearner(tag: string): Promise<TestUser> {
  const u = await h.learnerWith('vagus-nerve', tag);
  names.set(u.id, `Ada Lovelace ${names.size + 1}`);
  expect((await h.put('/api/me/profile', { name: nameOf(u) }, { token: u.token })).status).toBe(200);
  return u;
}

/** Issues through the service the challenges module calls once every day is passed (the learner has a name). */
async function issue(u: TestUser, challengeId = CHALLENGE): Promise<{ id: string }> {
  const issued = await h.app.get(CertificatesService).issueIfNotIssued(u.id, challengeId);
  if (!issued) throw new Error(`no certificate for ${u.email}: the learner has no name`);
  return issued;
}

async function issuedTo(tag: string): Promise<{ u: TestUser; id: string }> {
  const u = await namedLearner(tag);
  return { u, id: (await issue(u)).id };
}

async function download(id: string): Promise<string> {
  const res = await h.get<string>(`/api/certificates/${id}/credential`);
  expect(res.status).toBe(200);
  return res.body;
}

async function issuerKey() {
  const res = await h.get<Issuer>('/api/issuer');
  expect(res.status).toBe(200);
  return { issuer: res.body, key: await importJWK(res.body.publicKeyJwk, 'EdDSA') };
}

/** The status list as any verifier sees it: fetched, its signature checked with the issuer key, decoded. */
async function statusBits(): Promise<Buffer> {
  const res = await h.get<string>('/api/credentials/status/1');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
  const { key } = await issuerKey();
  const { payload, protectedHeader } = await compactVerify(res.body, key);
  expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });
  const list = JSON.parse(new TextDecoder().decode(payload)) as {
    type: string[];
    id: string;
    issuer: { id: string };
    credentialSubject: { type: string; statusPurpose: string; encodedList: string };
  };
  expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
  expect(list.id).toBe(STATUS_LIST_URL);
  expect(list.issuer.id).toBe(`${ORIGIN}/api/issuer`);
  expect(list.credentialSubject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
  expect(list.credentialSubject.encodedList[0]).toBe('u');
  const bits = gunzipSync(Buffer.from(list.credentialSubject.encodedList.slice(1), 'base64url'));
  expect(bits.length * 8).toBeGreaterThanOrEqual(131_072);
  return bits;
}

const bitAt = (bits: Buffer, i: number) => (bits[i >> 3] & (0x80 >> (i & 7))) !== 0;

/** The JWT with one payload field changed and the original signature kept. */
function edited(jwt: string, change: (c: Credential) => void): string {
  const [header, payload, signature] = jwt.split('.');
  const c = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Credential;
  change(c);
  return `${header}.${Buffer.from(JSON.stringify(c)).toString('base64url')}.${signature}`;
}

describe('issuing', () => {
  it('snapshots the learner, challenge, subject and days; the public page says valid, not revoked', async () => {
    const { u, id } = await issuedTo('cert-page');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const [challenge] = await h.sql<{ name: string; days_count: number }>(
      'select name, days_count from challenges where id = ?',
      [CHALLENGE],
    );
    const [subject] = await h.sql<{ title: string }>(`select title from subjects where id = 'vagus-nerve'`);
    const page = await h.get<CertificatePage>(`/api/certificates/${id}`); // signed out
    expect(page.status).toBe(200);
    expect(page.body.id).toBe(id);
    expect(page.body.snapshot).toEqual({
      learnerName: nameOf(u),
      challengeId: CHALLENGE,
      challengeName: challenge.name,
      subjectId: 'vagus-nerve',
      subjectTitle: subject.title,
      days: 7,
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(challenge.days_count).toBe(7);
    expect(Date.now() - Date.parse(page.body.snapshot.issuedAt)).toBeLessThan(60_000);
    expect(page.body.verification).toEqual({ signatureValid: true, revoked: false, revokedAt: null });
    expect(page.body.issuerName).toBe('LearnPath');
    const issued = new Date(page.body.snapshot.issuedAt);
    expect(page.body.links).toEqual({
      page: `${ORIGIN}/certificates/${id}`,
      pdf: `${ORIGIN}/api/certificates/${id}/pdf`,
      credential: `${ORIGIN}/api/certificates/${id}/credential`,
      linkedIn: expect.stringMatching(/^https:\/\/www\.linkedin\.com\/profile\/add\?/),
    });
    // LinkedIn's add-to-profile link with the certification's fields (a link only: nothing calls LinkedIn)
    const linkedIn = new URL(page.body.links.linkedIn);
    expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: challenge.name,
      organizationName: 'LearnPath',
      issueYear: String(issued.getUTCFullYear()),
      issueMonth: String(issued.getUTCMonth() + 1),
      certUrl: `${ORIGIN}/certificates/${id}`,
      certId: id,
    });

    const c = page.body.credential;
    expect(c['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(c.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(c.id).toBe(`${ORIGIN}/certificates/${id}`);
    expect(c.issuer).toEqual({ id: `${ORIGIN}/api/issuer`, type: ['Profile'], name: 'LearnPath' });
    expect(c.validFrom).toBe(page.body.snapshot.issuedAt);
    expect(c.credentialSubject.type).toEqual(['AchievementSubject']);
    expect(c.credentialSubject.achievement).toMatchObject({ type: ['Achievement'], name: challenge.name });
    expect(c.credentialSubject.achievement.criteria.narrative).toEqual(expect.any(String));
    // the holder is named only by the name they chose: no e-mail identity hash, no salt (issue 27 §6)
    expect(c.credentialSubject.identifier).toEqual([
      { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: nameOf(u) },
    ]);
    // the content version is the Studio's business, not the public's
    expect(c.credentialSubject.achievement.description).not.toMatch(/version/i);
    expect(c.credentialStatus).toEqual({
      id: `${STATUS_LIST_URL}#${c.credentialStatus.statusListIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: expect.stringMatching(/^\d+$/),
      statusListCredential: STATUS_LIST_URL,
    });

    // nothing public names the account beyond the snapshot: no user id, no e-mail address
    const everything = JSON.stringify(page.body) + Buffer.from((await download(id)).split('.')[1], 'base64url');
    expect(everything).not.toContain(u.id);
    expect(everything.toLowerCase()).not.toContain(u.email.toLowerCase());
    // … nor anything made of it: the name is the one the learner chose (issue 26 §9), and no salt or hash of it
    expect(everything.toLowerCase()).not.toContain(u.email.split('@')[0].toLowerCase());
    expect(everything).not.toMatch(/salt|sha256\$|emailAddress|contentVersion/i);

    const [row] = await h.sql<{ user_id: string; challenge_id: string; subject_id: string; status_index: number }>(
      'select user_id, challenge_id, subject_id, status_index from certificates where id = ?',
      [id],
    );
    expect(row).toEqual({
      user_id: u.id,
      challenge_id: CHALLENGE,
      subject_id: 'vagus-nerve',
      status_index: Number(c.credentialStatus.statusListIndex),
    });
    const service = h.app.get(CertificatesService);
    await expect(service.idFor(u.id, CHALLENGE)).resolves.toBe(id);
    await expect(service.idFor(u.id, 'vagus-reset-14')).resolves.toBeNull();
  });

  it('gives exactly one certificate per learner and challenge, also to concurrent calls', async () => {
    const u = await namedLearner('cert-race');
    const ids = await Promise.all([issue(u), issue(u), issue(u), issue(u)]);
    expect(new Set(ids.map((r) => r.id)).size).toBe(1);
    const rows = await h.sql<{ id: string }>('select id from certificates where user_id = ? and challenge_id = ?', [
      u.id,
      CHALLENGE,
    ]);
    expect(rows).toEqual([{ id: ids[0].id }]);
    // later calls find it too, and another challenge is another certificate
    expect(await issue(u)).toEqual({ id: ids[0].id });
    const other = await issue(u, 'vagus-reset-14');
    expect(other.id).not.toBe(ids[0].id);
    const counts = await h.app.get(CertificatesService).countsByChallenge();
    const [db] = await h.sql<{ n: number }>(`select count(*)::int as n from certificates where challenge_id = ?`, [
      CHALLENGE,
    ]);
    expect(counts.get(CHALLENGE)).toBe(db.n);
    expect(counts.get('vagus-reset-14')).toBeGreaterThanOrEqual(1);
  });

  it('keeps the snapshot and the credential when the challenge is renamed afterwards', async () => {
    const { id } = await issuedTo('cert-rename');
    const before = await h.get<CertificatePage>(`/api/certificates/${id}`);
    const jwt = await download(id);
    const [{ name }] = await h.sql<{ name: string }>('select name from challenges where id = ?', [CHALLENGE]);
    await h.sql('update challenges set name = ?, days_count = 99 where id = ?', ['A Renamed Challenge', CHALLENGE]);
    try {
      const after = await h.get<CertificatePage>(`/api/certificates/${id}`);
      expect(after.body.snapshot).toEqual(before.body.snapshot);
      expect(after.body.snapshot.challengeName).toBe(name);
      expect(after.body.snapshot.days).toBe(7);
      expect(after.body.credential).toEqual(before.body.credential);
      expect(after.body.verification.signatureValid).toBe(true);
      expect(await download(id)).toBe(jwt);
      // a certificate issued now snapshots the challenge as it is now
      const { id: later } = await issuedTo('cert-rename-later');
      const fresh = await h.get<CertificatePage>(`/api/certificates/${later}`);
      expect(fresh.body.snapshot).toMatchObject({ challengeName: 'A Renamed Challenge', days: 99 });
    } finally {
      await h.sql('update challenges set name = ?, days_count = 7 where id = ?', [name, CHALLENGE]);
    }
  });
  it("records the subject's content version published at issue time (kept, not public), and keeps it when a new one is published", async () => {
    const snapshotVersion = async (id: string) =>
      (
        await h.sql<{ v: number }>(`select (snapshot->>'contentVersion')::int as v from certificates where id = ?`, [
          id,
        ])
      )[0].v;
    const { id: before } = await issuedTo('cert-version-a');
    const v0 = await snapshotVersion(before);
    const [version] = await h.sql<{ v: number }>(
      `select coalesce(max(version), 0)::int as v from subject_versions where subject_id = 'vagus-nerve'`,
    );
    expect(v0).toBe(version.v);
    const tag = `certificates ${Date.now()}`;
    const read = await h.get<{ etag: string }>('/api/studio/nodes/vn-anatomy?subject=vagus-nerve', { token: studio });
    const saved = await h.put(
      '/api/studio/nodes/vn-anatomy?subject=vagus-nerve',
      {
        ...read.body,
        title: 'Anatomy (edited for a certificate test)',
        summary_html: `<p>${tag}</p>`,
        variants: { beginner: `<p>${tag}</p>`, advanced: '<p>a</p>', practical: '<p>p</p>', theoretical: '<p>t</p>' },
        sources: [{ title: 'A source', url: 'https://example.org/a', type: 'article' }],
      },
      { token: studio, headers: { 'if-match': read.body.etag } },
    );
    expect(saved.status).toBe(200);
    const published = await h.post<{ version: number }>(
      '/api/studio/versions/publish',
      { subjectId: 'vagus-nerve' },
      { token: studio },
    );
    expect([200, 201]).toContain(published.status);
    expect(published.body.version).toBe(v0 + 1);

    const { id: after } = await issuedTo('cert-version-b');
    expect(await snapshotVersion(after)).toBe(v0 + 1);
    expect(await snapshotVersion(before)).toBe(v0);
  });
});

describe('the name on the certificate (issue 26 §9)', () => {
  async function enroll(u: TestUser) {
    const res = await h.post(
      `/api/challenges/${CHALLENGE}/enroll`,
      // Issue 27: day 1 is the learner's local today at the earliest (the challenge clock's; here the real one).
      { startLocalDate: new Date().toISOString().slice(0, 10), timezone: 'UTC', dailyUnlockLocalTime: '00:00' },
      { token: u.token },
    );
    expect(res.status).toBeLessThan(300);
  }

  it('issues nothing while the learner has no name, then names them by the name they chose', async () => {
    const u = await h.learnerWith('vagus-nerve', 'cert-unnamed');
    const service = h.app.get(CertificatesService);
    await expect(service.issueIfNotIssued(u.id, CHALLENGE)).resolves.toBeNull();
    expect(await h.sql('select 1 from certificates where user_id = ?', [u.id])).toHaveLength(0);

    expect((await h.put('/api/me/profile', { name: '  Grace Brewster Hopper ' }, { token: u.token })).status).toBe(200);
    const issued = await service.issueIfNotIssued(u.id, CHALLENGE);
    expect(issued).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    const page = await h.get<CertificatePage>(`/api/certificates/${issued!.id}`);
    expect(page.body.snapshot.learnerName).toBe('Grace Brewster Hopper');
    expect(page.body.credential.credentialSubject.identifier).toContainEqual(
      expect.objectContaining({ identityType: 'name', hashed: false, identityHash: 'Grace Brewster Hopper' }),
    );
    expect(page.body.verification.signatureValid).toBe(true);

    // The certificate is a snapshot: a later change of name does not rewrite it.
    await h.put('/api/me/profile', { name: 'Someone Else' }, { token: u.token });
    expect((await h.get<CertificatePage>(`/api/certificates/${issued!.id}`)).body.snapshot.learnerName).toBe(
      'Grace Brewster Hopper',
    );
  });

  it('the challenge progress asks for the name when every day is passed, and reading it after PUT issues the certificate', async () => {
    const u = await h.learnerWith('vagus-nerve', 'cert-progress');
    const [challenge] = await h.sql<{ days_count: number }>('select days_count from challenges where id = ?', [
      CHALLENGE,
    ]);
    await enroll(u);
    // Every day passed, as the day routes record it (earning them through the API takes a week of unlocks:
    // challenges.e2e-spec.ts does that).
    for (let day = 1; day <= challenge.days_count; day++) {
      await h.sql(
        `insert into challenge_day_progress (user_id, challenge_id, day, quiz_best_score, quiz_passed, project_status, passed, passed_at)
         values (?, ?, ?, 1, true, 'passed', true, now())`,
        [u.id, CHALLENGE, day],
      );
    }
    type Progress = { completed: boolean; certificateId: string | null; certificateNeedsName: boolean };
    const progressUrl = `/api/me/challenges/${CHALLENGE}/progress`;
    const before = await h.get<Progress>(progressUrl, { token: u.token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ completed: true, certificateId: null, certificateNeedsName: true });
    expect(await h.sql('select 1 from certificates where user_id = ?', [u.id])).toHaveLength(0);

    await h.put('/api/me/profile', { name: 'Ada Lovelace' }, { token: u.token });
    const after = await h.get<Progress>(progressUrl, { token: u.token });
    expect(after.body).toMatchObject({
      completed: true,
      certificateId: expect.any(String),
      certificateNeedsName: false,
    });
    const page = await h.get<CertificatePage>(`/api/certificates/${after.body.certificateId}`);
    expect(page.body.snapshot.learnerName).toBe('Ada Lovelace');
    expect((await h.get<Progress>(progressUrl, { token: u.token })).body.certificateId).toBe(after.body.certificateId);
  });

  it('a learner who has not completed the challenge is not asked for a name', async () => {
    const u = await h.learnerWith('vagus-nerve', 'cert-unfinished');
    await enroll(u);
    const progress = await h.get<{ completed: boolean; certificateNeedsName: boolean }>(
      `/api/me/challenges/${CHALLENGE}/progress`,
      { token: u.token },
    );
    expect(progress.body).toMatchObject({ completed: false, certificateNeedsName: false });
  });
});

describe('verifying', () => {
  it('publishes the issuer key, and the downloaded credential (application/vc+jwt) verifies with it', async () => {
    const { id } = await issuedTo('cert-download');
    const res = await h.get<string>(`/api/certificates/${id}/credential`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${id}.jwt"`);
    expect(res.body).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    const { issuer, key } = await issuerKey();
    expect(issuer).toEqual({
      id: `${ORIGIN}/api/issuer`,
      type: ['Profile'],
      name: expect.any(String),
      url: ORIGIN,
      publicKeyJwk: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: expect.any(String),
        kid: expect.any(String),
        alg: 'EdDSA',
        use: 'sig',
      },
      keys: expect.any(Array),
    });
    // the current key is published first among every key the issuer signed with, and recorded by kid
    expect(issuer.keys[0]).toEqual(issuer.publicKeyJwk);
    const jwks = await h.get<{ keys: unknown[] }>('/api/issuer/jwks');
    expect(jwks.body).toEqual({ keys: issuer.keys });
    expect(
      await h.sql<{ x: string }>(`select public_jwk->>'x' as x from certificate_signing_keys where kid = ?`, [
        issuer.publicKeyJwk.kid,
      ]),
    ).toEqual([{ x: issuer.publicKeyJwk.x }]);
    const { payload, protectedHeader } = await compactVerify(res.body, key);
    expect(protectedHeader).toEqual({ alg: 'EdDSA', typ: 'vc+jwt', kid: issuer.publicKeyJwk.kid });
    const page = await h.get<CertificatePage>(`/api/certificates/${id}`);
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(page.body.credential);

    const checked = await h.post<Verified>('/api/certificates/verify', { credential: res.body });
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({
      signatureValid: true,
      revoked: false,
      errors: [],
      credential: page.body.credential,
    });
  });

  it('fails an edited copy: another name, another challenge, a changed byte, a broken signature', async () => {
    const { id } = await issuedTo('cert-edited');
    const jwt = await download(id);
    const { key } = await issuerKey();
    const copies = [
      edited(jwt, (c) => (c.credentialSubject.achievement.name = 'Something Harder')),
      edited(jwt, (c) => (c.credentialSubject.identifier[0].identityHash = 'someone-else')),
      // another certificate's status entry (this one's index + 1: never the same, whatever order the tests ran in)
      edited(jwt, (c) => (c.credentialStatus.statusListIndex = String(Number(c.credentialStatus.statusListIndex) + 1))),
      edited(jwt, (c) => (c.validFrom = '2020-01-01T00:00:00.000Z')),
      (() => {
        const [header, payload, signature] = jwt.split('.');
        const bytes = Buffer.from(payload, 'base64url');
        bytes[Math.floor(bytes.length / 2)] ^= 0x01;
        return `${header}.${bytes.toString('base64url')}.${signature}`;
      })(),
      (() => {
        const [header, payload, signature] = jwt.split('.');
        const sig = Buffer.from(signature, 'base64url');
        sig[0] ^= 0x01;
        return `${header}.${payload}.${sig.toString('base64url')}`;
      })(),
    ];
    for (const copy of copies) {
      expect(copy).not.toBe(jwt);
      const res = await h.post<Verified>('/api/certificates/verify', { credential: copy });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        signatureValid: false,
        revoked: false,
        errors: [expect.stringMatching(/signature|well-formed/)],
        credential: null,
      });
      await expect(compactVerify(copy, key)).rejects.toThrow();
    }
    for (const junk of ['', 'a.b.c', 'not a credential']) {
      const res = await h.post<Verified>('/api/certificates/verify', { credential: junk });
      expect(res.status).toBe(200);
      expect(res.body.signatureValid).toBe(false);
    }
    expect((await h.post<ApiError>('/api/certificates/verify', { credential: 42 })).status).toBe(400);
    expect((await h.post<ApiError>('/api/certificates/verify', {})).status).toBe(400);
    expect((await h.post<ApiError>('/api/certificates/verify', { credential: jwt, extra: 1 })).status).toBe(400);
  });

  it('answers 404 for an unknown certificate, a malformed id and an unknown status list', async () => {
    for (const path of [
      '/api/certificates/AAAAAAAAAAAAAAAAAAAAAA',
      '/api/certificates/AAAAAAAAAAAAAAAAAAAAAA/credential',
      '/api/certificates/not-an-id',
      `/api/certificates/${'x'.repeat(90)}`,
    ]) {
      const res = await h.get<ApiError>(path);
      expect([path, res.status, res.body.message]).toEqual([path, 404, 'Certificate not found']);
    }
    expect((await h.get('/api/credentials/status/2')).status).toBe(404);
  });
});

describe('revoking', () => {
  it('is for admins only, needs a reason, and then the page, /verify and the status list say revoked', async () => {
    const { id } = await issuedTo('cert-revoke');
    const { id: kept } = await issuedTo('cert-kept');
    const jwt = await download(id);
    const [row] = await h.sql<{ status_index: number }>('select status_index from certificates where id = ?', [id]);
    const [keptRow] = await h.sql<{ status_index: number }>('select status_index from certificates where id = ?', [
      kept,
    ]);
    expect(bitAt(await statusBits(), row.status_index)).toBe(false);
    // printed before the revocation (and kept by the PDF cache): not marked
    expect((await pdfText((await h.get(`/api/certificates/${id}/pdf`)).rawBody)).text).not.toContain('REVOKED');

    const url = `/api/admin/certificates/${id}/revoke`;
    const body = { reason: 'Submitted work was copied' };
    expect((await h.post(url, body)).status).toBe(401);
    expect((await h.post(url, body, { token: demoLearner })).status).toBe(403);
    expect((await h.post(url, body, { token: studio })).status).toBe(403);
    for (const bad of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 7 },
      { ...body, x: 1 },
    ]) {
      const res = await h.post<ApiError>(url, bad, { token: admin });
      expect([JSON.stringify(bad).slice(0, 40), res.status]).toEqual([JSON.stringify(bad).slice(0, 40), 400]);
    }
    const unknown = await h.post<ApiError>('/api/admin/certificates/AAAAAAAAAAAAAAAAAAAAAA/revoke', body, {
      token: admin,
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Certificate not found']);
    expect((await h.post('/api/admin/certificates/nope/revoke', body, { token: admin })).status).toBe(404);
    // nothing was revoked by any of those
    expect((await h.get<CertificatePage>(`/api/certificates/${id}`)).body.verification.revoked).toBe(false);

    const revoked = await h.post<{ id: string; revoked: boolean; revokedAt: string; reason: string }>(url, body, {
      token: admin,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id, revoked: true, revokedAt: expect.any(String), reason: body.reason });
    expect(Date.now() - Date.parse(revoked.body.revokedAt)).toBeLessThan(60_000);
    const again = await h.post<ApiError>(url, { reason: 'again' }, { token: admin });
    expect(again.status).toBe(409);
    const [stored] = await h.sql<{ revoked_reason: string; revoked_by: string }>(
      'select revoked_reason, revoked_by from certificates where id = ?',
      [id],
    );
    const [adminRow] = await h.sql<{ id: string }>(`select id from users where email = 'admin@example.com'`);
    expect(stored).toEqual({ revoked_reason: body.reason, revoked_by: adminRow.id });

    // public: revoked, and when; never why (the reason is for admins)
    const page = await h.get<CertificatePage>(`/api/certificates/${id}`);
    expect(page.body.verification).toEqual({
      signatureValid: true,
      revoked: true,
      revokedAt: revoked.body.revokedAt,
    });
    const checked = await h.post<Verified>('/api/certificates/verify', { credential: jwt });
    expect(checked.body).toMatchObject({ signatureValid: true, revoked: true });
    const again2 = await h.post<{ status: string }>(`/api/certificates/${id}/verify`, {});
    expect(again2.body).toMatchObject({ status: 'revoked', revoked: true, signatureValid: true });
    const publicOutput = [
      JSON.stringify(page.body),
      JSON.stringify(checked.body),
      JSON.stringify(again2.body),
      Buffer.from(jwt.split('.')[1], 'base64url').toString(),
      (await pdfText((await h.get(`/api/certificates/${id}/pdf`)).rawBody)).text,
    ].join('\n');
    expect(publicOutput).not.toContain(body.reason);
    // the PDF printed now says REVOKED (a cached copy from before is not served)
    expect(publicOutput).toContain('REVOKED');
    expect(publicOutput.toLowerCase()).not.toContain('copied');

    const bits = await statusBits();
    expect(bitAt(bits, row.status_index)).toBe(true);
    expect(bitAt(bits, keptRow.status_index)).toBe(false);
    const kept2 = await h.get<CertificatePage>(`/api/certificates/${kept}`);
    expect(kept2.body.verification).toEqual({ signatureValid: true, revoked: false, revokedAt: null });
  });
});

describe('the Studio list', () => {
  it('shows certificates newest first with Content-Range, to studio users only; e-mails and reasons to admins only', async () => {
    const { u: first, id: older } = await issuedTo('cert-list-a');
    const { id: newer } = await issuedTo('cert-list-b');
    await h.post(`/api/admin/certificates/${older}/revoke`, { reason: 'testing the list' }, { token: admin });

    expect((await h.get('/api/admin/certificates')).status).toBe(401);
    expect((await h.get('/api/admin/certificates', { token: demoLearner })).status).toBe(403);

    const res = await h.get<AdminRow[]>('/api/admin/certificates?sort=["issuedAt","DESC"]&range=[0,99]', {
      token: studio,
    });
    expect(res.status).toBe(200);
    const [{ total }] = await h.sql<{ total: number }>('select count(*)::int as total from certificates');
    expect(res.headers['content-range']).toBe(`certificates 0-${Math.min(total, 100) - 1}/${total}`);
    const issued = res.body.map((r) => Date.parse(r.issuedAt));
    expect(issued).toEqual([...issued].sort((a, b) => b - a));
    const newerAt = res.body.findIndex((r) => r.id === newer);
    const olderAt = res.body.findIndex((r) => r.id === older);
    expect(newerAt).toBeGreaterThanOrEqual(0);
    expect(olderAt).toBeGreaterThan(newerAt);
    // the studio role sees who (the user id) but not their e-mail address, nor why one was revoked
    expect(res.body[olderAt]).toEqual({
      id: older,
      userId: first.id,
      userEmail: null,
      challengeId: CHALLENGE,
      issuedAt: expect.any(String),
      revoked: true,
      revokedReason: null,
    });
    expect(res.body.every((r) => r.userEmail === null && r.revokedReason === null)).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('@');
    expect(res.body[newerAt].revoked).toBe(false);

    // admins see both; the default order is the same; a page of one; getMany by id; a bad sort is a 400
    const byDefault = await h.get<AdminRow[]>('/api/admin/certificates', { token: admin });
    expect(byDefault.body.map((r) => r.id)).toEqual(res.body.map((r) => r.id));
    expect(byDefault.body.find((r) => r.id === older)).toMatchObject({
      userEmail: first.email,
      revokedReason: 'testing the list',
    });
    const one = await h.get<AdminRow[]>('/api/admin/certificates?range=[1,1]', { token: studio });
    expect(one.body.map((r) => r.id)).toEqual([res.body[1].id]);
    expect(one.headers['content-range']).toBe(`certificates 1-1/${total}`);
    const many = await h.get<AdminRow[]>(
      `/api/admin/certificates?filter=${encodeURIComponent(JSON.stringify({ id: [older] }))}`,
      { token: studio },
    );
    expect(many.body.map((r) => r.id)).toEqual([older]);
    expect((await h.get('/api/admin/certificates?sort=["email","ASC"]', { token: studio })).status).toBe(400);
  });
});

describe('status list indexes (issue 27 §6)', () => {
  it('are drawn at random over the 131,072-entry list, not handed out in sequence', async () => {
    const indexes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { id } = await issuedTo(`cert-index-${i}`);
      const page = await h.get<CertificatePage>(`/api/certificates/${id}`);
      indexes.push(Number(page.body.credential.credentialStatus.statusListIndex));
    }
    expect(indexes.every((n) => Number.isInteger(n) && n >= 0 && n < 131_072)).toBe(true);
    expect(new Set(indexes).size).toBe(indexes.length);
    // issued one after the other, yet no two are neighbours (a sequence would make every step 1)
    const steps = indexes.slice(1).map((n, i) => Math.abs(n - indexes[i]));
    expect(steps.filter((d) => d === 1)).toEqual([]);
    expect(Math.max(...indexes)).toBeGreaterThan(1000);
  });
});

describe('the printable certificate (PDF)', () => {
  it('is application/pdf, A4 landscape, and names the learner (any script) and the challenge', async () => {
    const u = await h.learnerWith('vagus-nerve', 'cert-pdf');
    const name = 'Zoë Ångström Σωκράτης Пётр';
    expect((await h.put('/api/me/profile', { name }, { token: u.token })).status).toBe(200);
    const { id } = await issue(u);
    const [challenge] = await h.sql<{ name: string }>('select name from challenges where id = ?', [CHALLENGE]);

    const res = await h.get(`/api/certificates/${id}/pdf`); // signed out: anyone with the link
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${id}.pdf"`);
    expect(res.rawBody.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawBody.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const { pages, text } = await pdfText(res.rawBody);
    expect(pages).toBe(1);
    expect(text).toContain(name);
    expect(text).toContain(challenge.name);
    expect(text).toContain(`${ORIGIN}/certificates/${id}`);
    expect(text.toLowerCase()).not.toContain(u.email.split('@')[0].toLowerCase());
    expect(text).not.toContain('REVOKED');
  });

  it('answers 404 with a message for an unknown or malformed id', async () => {
    for (const bad of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id', '%E2%80%AE']) {
      const res = await h.get<ApiError>(`/api/certificates/${bad}/pdf`);
      expect([bad, res.status, res.body.message]).toEqual([bad, 404, 'Certificate not found']);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('verify again (POST /api/certificates/{id}/verify)', () => {
  it('checks the stored credential on the server: verified, then invalid once it is changed', async () => {
    const { id } = await issuedTo('cert-verify-again');
    const res = await h.post<{ status: string; signatureValid: boolean; revoked: boolean; errors: string[] }>(
      `/api/certificates/${id}/verify`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'verified',
      signatureValid: true,
      revoked: false,
      errors: [],
      checkedAt: expect.any(String),
    });
    // someone edits the stored credential: the next check says so
    const [{ credential_jwt: jwt }] = await h.sql<{ credential_jwt: string }>(
      'select credential_jwt from certificates where id = ?',
      [id],
    );
    await h.sql('update certificates set credential_jwt = ? where id = ?', [
      edited(jwt, (c) => (c.credentialSubject.achievement.name = 'Something Harder')),
      id,
    ]);
    const after = await h.post<{ status: string; signatureValid: boolean }>(`/api/certificates/${id}/verify`);
    expect(after.body).toMatchObject({ status: 'invalid', signatureValid: false });
    const unknown = await h.post<ApiError>('/api/certificates/AAAAAAAAAAAAAAAAAAAAAA/verify');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Certificate not found']);
  });
});

describe("the learner's own certificates (GET /api/me/certificates)", () => {
  interface Mine {
    certificates: {
      id: string;
      challengeId: string;
      challengeName: string;
      subjectTitle: string;
      learnerName: string;
      days: number;
      issuedAt: string;
      revoked: boolean;
      links: Links;
    }[];
  }

  it('needs a sign-in (401)', async () => {
    const res = await h.get<ApiError>('/api/me/certificates');
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it("lists only the caller's certificates, newest first, with their status and links, and no e-mail", async () => {
    const u = await namedLearner('cert-mine');
    const other = await namedLearner('cert-mine-other');
    const first = await issue(u, 'vagus-breath-7');
    const second = await issue(u, 'vagus-reset-14');
    await issue(other);
    await h.post(`/api/admin/certificates/${first.id}/revoke`, { reason: 'testing my list' }, { token: admin });

    const res = await h.get<Mine>('/api/me/certificates', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.certificates.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(res.body.certificates[1]).toEqual({
      id: first.id,
      challengeId: 'vagus-breath-7',
      challengeName: expect.any(String),
      subjectTitle: expect.any(String),
      learnerName: nameOf(u),
      days: 7,
      issuedAt: expect.any(String),
      revoked: true,
      links: expect.objectContaining({ page: `${ORIGIN}/certificates/${first.id}` }),
    });
    expect(res.body.certificates[0].revoked).toBe(false);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(u.email);
    expect(text).not.toContain('testing my list');

    const none = await h.get<Mine>('/api/me/certificates', { token: (await h.newUser('cert-none')).token });
    expect(none.body).toEqual({ certificates: [] });
  });
});

describe('re-issuing certificates made under the old rules (issue 27 §6)', () => {
  /** A certificate as issued before issue 27: the e-mail's local part as the name, a salted e-mail hash and its salt. */
  async function oldCertificate(u: TestUser): Promise<{ id: string; statusIndex: number; issuedAt: string }> {
    const id = `old${Math.random().toString(36).slice(2, 12).padEnd(19, 'x')}`.slice(0, 22);
    const [{ n: statusIndex }] = await h.sql<{ n: number }>(
      `select coalesce(max(status_index), 0) + 1 + floor(random() * 1000)::int as n from certificates`,
    );
    const local = u.email.split('@')[0];
    const issuedAt = '2026-11-20T09:30:00.000Z';
    const snapshot = {
      learnerName: local,
      challengeId: CHALLENGE,
      challengeName: 'Vagus Breath 7',
      subjectId: 'vagus-nerve',
      subjectTitle: 'The Vagus Nerve',
      days: 7,
      issuedAt,
      contentVersion: 1,
    };
    const payload = {
      id: `${ORIGIN}/certificates/${id}`,
      credentialSubject: {
        identifier: [
          { identityType: 'name', hashed: false, identityHash: local },
          { identityType: 'emailAddress', hashed: true, identityHash: 'sha256$abc', salt: 'c0ffee00' },
        ],
      },
    };
    const jwt = `eyJhbGciOiJFZERTQSJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;
    await h.sql(
      `insert into certificates (id, user_id, challenge_id, subject_id, snapshot, credential_jwt, status_index, issued_at, credential_format)
       values (?, ?, ?, 'vagus-nerve', ?::jsonb, ?, ?, ?, 1)`,
      [id, u.id, CHALLENGE, JSON.stringify(snapshot), jwt, statusIndex, issuedAt],
    );
    return { id, statusIndex, issuedAt };
  }

  it('re-signs them (same id, index and date) naming the display name, with no e-mail hash or salt', async () => {
    const named = await namedLearner('cert-old-named');
    const unnamed = await h.learnerWith('vagus-nerve', 'cert-old-unnamed');
    const a = await oldCertificate(named);
    const b = await oldCertificate(unnamed);

    const service = h.app.get(CertificatesService);
    expect(await service.reissueOutdated()).toBeGreaterThanOrEqual(2);
    expect(await service.reissueOutdated()).toBe(0); // idempotent: nothing left
    expect(await h.sql('select id from certificates where credential_format < 2')).toEqual([]);

    for (const [old, u, name] of [
      [a, named, nameOf(named)],
      [b, unnamed, 'LearnPath learner'],
    ] as const) {
      const page = await h.get<CertificatePage>(`/api/certificates/${old.id}`);
      expect(page.status).toBe(200);
      expect(page.body.snapshot).toMatchObject({ learnerName: name, issuedAt: old.issuedAt });
      expect(page.body.verification).toEqual({ signatureValid: true, revoked: false, revokedAt: null });
      expect(page.body.credential.credentialStatus.statusListIndex).toBe(String(old.statusIndex));
      expect(page.body.credential.credentialSubject.identifier).toEqual([
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: name },
      ]);
      const everything = JSON.stringify(page.body) + Buffer.from((await download(old.id)).split('.')[1], 'base64url');
      expect(everything.toLowerCase()).not.toContain(u.email.split('@')[0].toLowerCase());
      expect(everything).not.toMatch(/salt|c0ffee|sha256\$/);
    }
  });

  it('re-issues one that the boot step has not reached before anything public shows it', async () => {
    const u = await namedLearner('cert-old-lazy');
    const old = await oldCertificate(u);
    const pdf = await h.get(`/api/certificates/${old.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect((await pdfText(pdf.rawBody)).text).toContain(nameOf(u));
    const [row] = await h.sql<{ credential_format: number; learner: string }>(
      `select credential_format, snapshot->>'learnerName' as learner from certificates where id = ?`,
      [old.id],
    );
    expect(row).toEqual({ credential_format: 2, learner: nameOf(u) });
    const jwt = await download(old.id);
    expect(jwt).not.toContain('c2ln');
    expect((await h.post<Verified>('/api/certificates/verify', { credential: jwt })).body.signatureValid).toBe(true);
  });
});
