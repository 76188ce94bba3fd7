import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { SectionSynthesizer } from '../../src/modules/media/speech/section-synthesizer';
import { type ApiError, Harness } from '../support/harness';

/**
 * Single-section speech (POST /api/tts/synthesize) is bounded per user, and a voice the engine does not
 * have is refused rather than spoken by the default voice and stored again under every name asked for.
 * Each test has a Studio user of its own (the budget is counted per user), so the order does not matter.
 */

const SUBJECT = 'vagus-nerve';
let h: Harness;
let admin: string;
let sectionId: string;

/** A new user with the studio role, signed in. */
async function studioUser(tag: string) {
  const user = await h.newUser(tag);
  const granted = await h.put(`/api/admin/users/${user.id}/roles`, { roles: ['learner', 'studio'] }, { token: admin });
  expect(granted.status).toBe(200);
  return user;
}

const synthesize = (token: string, body: Record<string, unknown> = {}) =>
  h.post<{ url: string; skipped: boolean } & ApiError>(
    '/api/tts/synthesize',
    { subject: SUBJECT, sectionId, provider: 'local', ...body },
    { token },
  );

const audioRows = () =>
  h.sql<{ voice: string }>(
    `select voice from media_files where subject_id = ? and section_id = ? and kind = 'audio' order by voice`,
    [SUBJECT, sectionId],
  );

beforeAll(async () => {
  // before the app boots (its config is read once): a small per-user budget the test can use up
  process.env.TTS_SECTION_LIMIT_PER_MINUTE = '3';
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  admin = await h.demoToken('admin');
  [{ id: sectionId }] = await h.sql<{ id: string }>(
    `select id from lecture_sections where subject_id = ? order by position limit 1`,
    [SUBJECT],
  );
  // one short sentence, so each synthesis takes a moment
  const studio = await h.demoToken('studio');
  const put = await h.put(
    `/api/tts/overrides/${SUBJECT}`,
    { overrides: { [sectionId]: { text: 'The vagus nerve wanders.' } } },
    { token: studio },
  );
  expect(put.status).toBe(200);
}, 60000);
afterAll(() => h.close());

describe('single-section speech', () => {
  it('refuses a voiceId the engine does not have with 400 naming its voices, and stores nothing for it', async () => {
    const user = await studioUser('tts-voice');
    const before = await audioRows();
    for (const voiceId of ['no-such-voice', 'Rachel', 'slt2']) {
      const res = await synthesize(user.token, { voiceId });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(
        new RegExp(`^voiceId "${voiceId}" is not a voice of (flite|espeak-ng): use one of `),
      );
    }
    expect(await audioRows()).toEqual(before);
    // the refusals did not use the user's budget: three requests still go through
    const { voices } = (await h.app.get(SectionSynthesizer).voices('local'))!;
    const voice = voices.includes('slt') ? 'slt' : voices.includes('en-us') ? 'en-us' : voices[0];
    for (let i = 0; i < 3; i++) expect((await synthesize(user.token, { voiceId: voice })).status).toBe(200);
    // one file for that voice, however often it was asked for
    expect((await audioRows()).filter((r) => r.voice === voice)).toHaveLength(1);
  }, 60000);

  it('answers 429 with Retry-After once a user has used the budget; another user is not held up', async () => {
    const first = await studioUser('tts-budget-a');
    const second = await studioUser('tts-budget-b');
    for (let i = 0; i < 3; i++) expect((await synthesize(first.token)).status).toBe(200);
    const refused = await synthesize(first.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // parallel calls do not slip past the budget either
    const parallel = await Promise.all(Array.from({ length: 4 }, () => synthesize(first.token)));
    expect(parallel.map((r) => r.status)).toEqual([429, 429, 429, 429]);
    expect((await synthesize(second.token)).status).toBe(200);
  }, 60000);
});
