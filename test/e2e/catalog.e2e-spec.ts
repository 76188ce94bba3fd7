import { Controller, Get, Req } from '@nestjs/common';
import { RequiresEntitlement } from '../../src/common/guards/entitlement.guard';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { ReceiptService, ReceiptSweeper } from '../../src/modules/catalog/receipt.service';
import { type ApiError, Harness, mailsTo, waitForMail } from '../support/harness';

interface Subject {
  id: string;
  name: string;
  is_published: boolean;
}
interface Price {
  subjectId: string;
  currency: string;
  amount: number;
  priceId: string;
}
interface Preview {
  subject: { id: string };
  price: { amount: number; currency: string; priceId: string };
  modules: { lessons: unknown[] }[];
  samples: { id: string; title: string }[];
}
interface Checkout {
  sessionId: string;
  url: string;
}

/** A stand-in for paid course content (the graph module's routes arrive with their issue). */
@Controller('probe-course')
class PaidContentProbe {
  @RequiresEntitlement()
  @Get()
  read(@Req() req: { subjectId: string }) {
    return { subjectId: req.subjectId };
  }
}

let h: Harness;

beforeAll(async () => {
  h = await Harness.boot({ controllers: [PaidContentProbe] });
  await h.worker!.get(ContentMigrationService).runIfEmpty();
});
afterAll(() => h.close());

describe('subjects and prices', () => {
  it('lists published subjects, the featured course first', async () => {
    const detailed = await h.get<Subject[]>('/api/subjects?detailed=true');
    expect(detailed.status).toBe(200);
    expect(detailed.body[0]).toMatchObject({ id: 'vagus-nerve', name: 'Vagus Nerve', is_published: true });
    expect(detailed.body.map((s) => s.id)).toEqual(
      expect.arrayContaining(['ai-for-ceos', 'ai-for-founders', 'ai-user', 'metabolic', 'vagus-nerve']),
    );
    const ids = await h.get<string[]>('/api/subjects');
    expect(ids.body[0]).toBe('vagus-nerve');
    expect((await h.get('/api/subjects?detailed=maybe')).status).toBe(400);
  });

  it('serves prices from the database, seeded from the spec’s table', async () => {
    const { body } = await h.get<{ prices: Price[] }>('/api/marketplace/prices');
    const bySubject = Object.fromEntries(body.prices.map((p) => [p.subjectId, p]));
    expect(bySubject['vagus-nerve']).toEqual({
      subjectId: 'vagus-nerve',
      currency: 'usd',
      amount: 4900,
      priceId: 'price_vagus_nerve',
    });
    for (const id of ['metabolic', 'ai-user', 'ai-for-founders', 'ai-for-ceos'])
      expect(bySubject[id].amount).toBe(2900);
  });
});

describe('preview (public)', () => {
  it('shows 2 modules with up to 6 lessons and the 2 samples; a name works as well as an id', async () => {
    const res = await h.get<Preview>('/api/preview?subject=Vagus%20Nerve');
    expect(res.status).toBe(200);
    expect(res.body.subject.id).toBe('vagus-nerve');
    expect(res.body.price).toEqual({ amount: 4900, currency: 'usd', priceId: 'price_vagus_nerve' });
    expect(res.body.modules).toHaveLength(2);
    for (const m of res.body.modules) expect(m.lessons.length).toBeLessThanOrEqual(6);
    expect(res.body.samples).toEqual([
      { id: 'vn-what-is-the-vagus-nerve', title: expect.any(String) },
      { id: 'vn-anatomy', title: expect.any(String) },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('lesson_html');
  });

  it('opens the sample lessons in full, sanitised, and nothing else', async () => {
    const sample = await h.get<{ lesson_html: string; category: string }>(
      '/api/preview/nodes/vn-anatomy?subject=vagus-nerve',
    );
    expect(sample.status).toBe(200);
    expect(sample.body.lesson_html).toContain('<p>');
    expect(sample.body.category).toBe('Anatomy & Foundations');
    const locked = await h.get<ApiError>('/api/preview/nodes/vn-slow-breathing?subject=vagus-nerve');
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe('This lesson is part of the full course. Buy access to read it.');
    expect((await h.get('/api/preview/nodes/no-such-node?subject=vagus-nerve')).status).toBe(404);
    expect((await h.get('/api/preview?subject=no-such-subject')).status).toBe(404);
    expect((await h.get('/api/preview')).status).toBe(400);
    // A value PostgreSQL cannot store is the client's mistake (400), not a server error.
    expect((await h.get('/api/preview?subject=%00')).status).toBe(400);
    expect((await h.get('/api/preview/nodes/%00?subject=vagus-nerve')).status).toBe(400);
  });

  it('strips scripts from stored html before it reaches anyone', async () => {
    await h.sql(
      `update topic_nodes set lesson_html = lesson_html || '<script>alert(1)</script><a href="javascript:x" onclick="y">z</a>' where subject_id = 'metabolic' and id = 'met-metabolic-health-basics'`,
    );
    const res = await h.get<{ lesson_html: string }>(
      '/api/preview/nodes/met-metabolic-health-basics?subject=metabolic',
    );
    expect(res.body.lesson_html).not.toMatch(/script|javascript:|onclick/);
    await h
      .worker!.get(ContentMigrationService)
      .run({ kind: 'bundled', dir: h.worker!.get(ContentMigrationService).bundledDir() });
  });
});

describe('dev checkout and entitlements', () => {
  it('needs a signed-in user', async () => {
    expect((await h.get('/api/entitlements')).status).toBe(401);
    expect((await h.get('/api/purchases')).status).toBe(401);
    expect((await h.post('/api/checkout/create', { subjectId: 'metabolic', priceId: 'price_metabolic' })).status).toBe(
      401,
    );
  });

  it('buys a course end to end: session, payment page, entitlement, purchase', async () => {
    const u = await h.newUser('buyer');
    expect((await h.get('/api/entitlements', { token: u.token })).body).toEqual([]);
    expect((await h.get('/api/probe-course?subject=metabolic', { token: u.token })).status).toBe(403);

    const created = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'metabolic', priceId: 'price_metabolic' },
      { token: u.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.url).toBe(`/checkout/dev/${created.body.sessionId}`);
    const page = await h.get(`/api/checkout/dev/${created.body.sessionId}`, { token: u.token });
    expect(page.body).toMatchObject({ status: 'open', amount: 2900, currency: 'usd', subject: { id: 'metabolic' } });

    // Unpaid sessions grant nothing.
    const early = await h.post('/api/checkout/verify', { session_id: created.body.sessionId }, { token: u.token });
    expect(early.body).toMatchObject({ status: 'open', entitled: false });

    const done = await h.post<{ redirectUrl: string }>(
      `/api/checkout/dev/${created.body.sessionId}/complete`,
      undefined,
      { token: u.token },
    );
    expect(done.body.redirectUrl).toBe(`/dashboard?checkout=success&session_id=${created.body.sessionId}`);
    const verify = await h.post('/api/checkout/verify', { session_id: created.body.sessionId }, { token: u.token });
    expect(verify.body).toEqual({
      sessionId: created.body.sessionId,
      status: 'paid',
      subjectId: 'metabolic',
      entitled: true,
    });

    expect((await h.get('/api/entitlements', { token: u.token })).body).toEqual([
      { subjectId: 'metabolic', status: 'active', createdAt: expect.any(String) },
    ]);
    const purchases = await h.get('/api/purchases', { token: u.token });
    expect(purchases.body).toEqual([
      expect.objectContaining({
        subjects: { id: 'metabolic', name: expect.any(String), title: expect.any(String) },
        amount: 2900,
      }),
    ]);
    expect((await h.get('/api/probe-course?subject=metabolic', { token: u.token })).body).toEqual({
      subjectId: 'metabolic',
    });

    expect(
      (await h.post(`/api/checkout/dev/${created.body.sessionId}/complete`, undefined, { token: u.token })).status,
    ).toBe(409);
    const again = await h.post<ApiError>(
      '/api/checkout/create',
      { subjectId: 'metabolic', priceId: 'price_metabolic' },
      { token: u.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already own this course');
  });

  it('refuses another user’s session everywhere', async () => {
    const owner = await h.newUser('owner');
    const other = await h.newUser('other');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'ai-user', priceId: 'price_ai_user' },
      { token: owner.token },
    );
    for (const call of [
      () => h.get(`/api/checkout/dev/${body.sessionId}`, { token: other.token }),
      () => h.post(`/api/checkout/dev/${body.sessionId}/complete`, undefined, { token: other.token }),
      () => h.post(`/api/checkout/dev/${body.sessionId}/cancel`, undefined, { token: other.token }),
      () => h.post('/api/checkout/verify', { session_id: body.sessionId }, { token: other.token }),
    ]) {
      const res = await call();
      expect(res.status).toBe(403);
      expect((res.body as ApiError).message).toBe('This checkout session belongs to another account');
    }
    expect((await h.get('/api/entitlements', { token: other.token })).body).toEqual([]);
    expect((await h.get('/api/entitlements', { token: owner.token })).body).toEqual([]);
  });

  it('sends a second Buy back to the open payment page instead of opening another', async () => {
    const u = await h.newUser('twice');
    const first = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'metabolic', priceId: 'price_metabolic' },
      { token: u.token },
    );
    const second = await h.post(
      '/api/checkout/create',
      { subjectId: 'metabolic', priceId: 'price_metabolic' },
      { token: u.token },
    );
    expect(second.body).toEqual(first.body);
    await h.post(`/api/checkout/dev/${first.body.sessionId}/cancel`, undefined, { token: u.token });
    const third = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'metabolic', priceId: 'price_metabolic' },
      { token: u.token },
    );
    expect(third.body.sessionId).not.toBe(first.body.sessionId);
  });

  it('cancels back to the shop and grants nothing', async () => {
    const u = await h.newUser('cancel');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'ai-user', priceId: 'price_ai_user' },
      { token: u.token },
    );
    const cancel = await h.post(`/api/checkout/dev/${body.sessionId}/cancel`, undefined, { token: u.token });
    expect(cancel.body).toEqual({ redirectUrl: '/shop?subject=ai-user' });
    expect((await h.post(`/api/checkout/dev/${body.sessionId}/complete`, undefined, { token: u.token })).status).toBe(
      409,
    );
    expect((await h.get('/api/entitlements', { token: u.token })).body).toEqual([]);
  });

  it('grants exactly one entitlement when completions race', async () => {
    const u = await h.newUser('race');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'ai-for-ceos', priceId: 'price_ai_for_ceos' },
      { token: u.token },
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? h.post(`/api/checkout/dev/${body.sessionId}/complete`, undefined, { token: u.token })
          : h.post('/api/checkout/verify', { session_id: body.sessionId }, { token: u.token }),
      ),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const rows = await h.sql<{ n: number }>(
      `select count(*)::int as n from user_entitlements where user_id = ? and subject_id = 'ai-for-ceos'`,
      [u.id],
    );
    expect(rows[0].n).toBe(1);
    // … and exactly one receipt.
    await waitForMail(u.email, 'purchase-receipt');
    await h.queuesDrained();
    expect(mailsTo(u.email).filter((m) => m.template === 'purchase-receipt')).toHaveLength(1);
  });

  it.each([
    [{ subjectId: 'metabolic' }, 400],
    [{ subjectId: 'metabolic', priceId: 'price_vagus_nerve' }, 400],
    [{ subjectId: 'no-such-course', priceId: 'price_metabolic' }, 404],
    [{ subjectId: 'metabolic', priceId: 'price_metabolic', coupon: 'FREE' }, 400],
  ])('refuses a bad checkout request %j', async (body, status) => {
    const u = await h.newUser('bad');
    expect((await h.post('/api/checkout/create', body, { token: u.token })).status).toBe(status);
  });

  it('refuses malformed and unknown session ids', async () => {
    const token = await h.demoToken('learner');
    expect((await h.post('/api/checkout/verify', { session_id: 'x' }, { token })).status).toBe(400);
    expect((await h.post('/api/checkout/verify', { session_id: 'cs_dev_doesnotexist' }, { token })).status).toBe(404);
    expect((await h.get('/api/checkout/dev/not-a-session', { token })).status).toBe(400);
  });
});

describe('the receipt mail (issue 26 §9)', () => {
  it('dev complete, then verify and a replay of the fulfilment, send exactly one receipt: course, amount, date, link', async () => {
    const u = await h.newUser('receipt');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'vagus-nerve', priceId: 'price_vagus_nerve' },
      { token: u.token },
    );
    expect((await h.post(`/api/checkout/dev/${body.sessionId}/complete`, undefined, { token: u.token })).status).toBe(
      200,
    );
    const mail = await waitForMail(u.email, 'purchase-receipt');
    for (let i = 0; i < 2; i++) {
      const verified = await h.post<{ status: string }>(
        '/api/checkout/verify',
        { session_id: body.sessionId },
        { token: u.token },
      );
      expect(verified.body.status).toBe('paid');
    }
    // What a webhook's replay of the completion does once its transaction committed (the Stripe tests deliver real ones).
    expect(await h.app.get(ReceiptService).send(body.sessionId)).toBe(false);
    await h.queuesDrained();
    expect(mailsTo(u.email).filter((m) => m.template === 'purchase-receipt')).toHaveLength(1);

    const [row] = await h.sql<{ receipt_queued_at: Date | null; completed_at: Date }>(
      'select receipt_queued_at, completed_at from checkout_sessions where id = ?',
      [body.sessionId],
    );
    expect(row.receipt_queued_at).not.toBeNull();
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(row.completed_at),
    );
    expect(mail.subject).toBe('Your LearnPath receipt: Vagus Nerve');
    // One product name: the sender too (MAIL_FROM's default), and the API document's title.
    expect((mail as typeof mail & { from: string }).from).toBe('LearnPath <no-reply@localhost>');
    expect((await h.get<{ info: { title: string } }>('/api/docs/json')).body.info.title).toBe('LearnPath API');
    expect(mail.link).toBe('http://learn.test/graph?subject=vagus-nerve');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Vagus Nerve');
      expect(part).toContain('$49.00');
      expect(part).toContain(day);
      expect(part).toContain('http://learn.test/graph?subject=vagus-nerve');
      expect(part).toContain('Start learning');
      expect(part).not.toContain('If you did not ask for this');
    }
  });

  it('sends no receipt for a session that was not paid, and the claim stays free for when it is', async () => {
    const u = await h.newUser('no-receipt');
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'metabolic', priceId: 'price_metabolic' },
      { token: u.token },
    );
    expect(await h.app.get(ReceiptService).send(body.sessionId)).toBe(false);
    await h.post('/api/checkout/verify', { session_id: body.sessionId }, { token: u.token });
    await h.post(`/api/checkout/dev/${body.sessionId}/cancel`, undefined, { token: u.token });
    await h.queuesDrained();
    expect(mailsTo(u.email).filter((m) => m.template === 'purchase-receipt')).toHaveLength(0);
    const [row] = await h.sql('select receipt_queued_at from checkout_sessions where id = ?', [body.sessionId]);
    expect(row.receipt_queued_at).toBeNull();
  });
});

describe('the receipt sweeper: receipts a crashed fulfilment never sent', () => {
  /** A paid session as a process that died right after the payment committed (or mid-send) leaves it. */
  async function paidUnsent(name: string, claimedMinutesAgo: number | null) {
    const u = await h.newUser(name);
    const { body } = await h.post<Checkout>(
      '/api/checkout/create',
      { subjectId: 'vagus-nerve', priceId: 'price_vagus_nerve' },
      { token: u.token },
    );
    await h.sql(
      `update checkout_sessions set status = 'paid', completed_at = now(), receipt_queued_at = null,
         receipt_claimed_at = case when ?::int is null then null else now() - make_interval(mins => ?::int) end
       where id = ?`,
      [claimedMinutesAgo, claimedMinutesAgo, body.sessionId],
    );
    return { u, sessionId: body.sessionId };
  }
  const receipts = (email: string) => mailsTo(email).filter((m) => m.template === 'purchase-receipt');

  it('sends a never-claimed receipt and one whose claim is past its lease, once each, even when sweeps overlap', async () => {
    const never = await paidUnsent('sweep-never', null);
    const stale = await paidUnsent('sweep-stale', 11);
    const live = await paidUnsent('sweep-live', 1);
    const sweeper = h.app.get(ReceiptSweeper);
    const [a, b] = await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    expect(a).toBeGreaterThanOrEqual(2);
    expect(b).toBe(a); // the same sweep, not a second one
    expect(await sweeper.sweep()).toBe(0);
    await waitForMail(never.u.email, 'purchase-receipt');
    await waitForMail(stale.u.email, 'purchase-receipt');
    await h.queuesDrained();
    expect(receipts(never.u.email)).toHaveLength(1);
    expect(receipts(stale.u.email)).toHaveLength(1);
    // a claim under its lease belongs to a process that may still be sending it
    expect(receipts(live.u.email)).toHaveLength(0);
    const rows = await h.sql<{ id: string; queued: boolean }>(
      'select id, receipt_queued_at is not null as queued from checkout_sessions where id in (?, ?, ?)',
      [never.sessionId, stale.sessionId, live.sessionId],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.queued]))).toEqual({
      [never.sessionId]: true,
      [stale.sessionId]: true,
      [live.sessionId]: false,
    });
  });

  it('a purchase older than a week is left alone (its receipt would be news to nobody)', async () => {
    const old = await paidUnsent('sweep-old', null);
    await h.sql(`update checkout_sessions set completed_at = now() - interval '8 days' where id = ?`, [old.sessionId]);
    await h.app.get(ReceiptSweeper).sweep();
    await h.queuesDrained();
    expect(receipts(old.u.email)).toHaveLength(0);
  });
});

describe('the entitlement guard', () => {
  it('answers 403 without an entitlement, 200 with one, and lets studio staff in', async () => {
    const u = await h.newUser('gate');
    expect((await h.get('/api/probe-course?subject=ai-for-founders', { token: u.token })).status).toBe(403);
    await h.buy(u.token, 'ai-for-founders');
    expect((await h.get('/api/probe-course?subject=ai-for-founders', { token: u.token })).status).toBe(200);
    // By title, as the spec allows for subjects given as non-identifiers.
    const [{ title }] = await h.sql<{ title: string }>(`select title from subjects where id = 'ai-for-founders'`);
    expect((await h.get(`/api/probe-course?subject=${encodeURIComponent(title)}`, { token: u.token })).body).toEqual({
      subjectId: 'ai-for-founders',
    });
    expect((await h.get('/api/probe-course?subject=metabolic', { token: await h.demoToken('studio') })).status).toBe(
      200,
    );
    expect((await h.get('/api/probe-course?subject=nope', { token: u.token })).status).toBe(404);
    expect((await h.get('/api/probe-course', { token: u.token })).status).toBe(400);
    // Naming two different subjects is refused, so a handler can never serve one the guard did not check.
    expect(
      (await h.get('/api/probe-course?subject=ai-for-founders&subjectId=metabolic', { token: u.token })).status,
    ).toBe(400);
    expect((await h.get('/api/probe-course?subject=metabolic')).status).toBe(401);
  });
});

describe('Studio course visibility', () => {
  it('needs the studio role', async () => {
    const learner = await h.demoToken('learner');
    expect((await h.get('/api/admin/courses', { token: learner })).status).toBe(403);
    expect(
      (await h.post('/api/admin/courses/publish', { subjectId: 'ai-user', published: false }, { token: learner }))
        .status,
    ).toBe(403);
    expect((await h.get('/api/admin/courses')).status).toBe(401);
  });

  it('hides an unpublished course from the shop while its owners keep access', async () => {
    const studio = await h.demoToken('studio');
    const owner = await h.newUser('keeper');
    await h.buy(owner.token, 'ai-user');

    const res = await h.post(
      '/api/admin/courses/publish',
      { subjectId: 'ai-user', published: false },
      { token: studio },
    );
    expect(res.body).toEqual({ subjectId: 'ai-user', published: false });
    try {
      const courses = (
        await h.get<{ subjectId: string; published: boolean }[]>('/api/admin/courses', { token: studio })
      ).body;
      expect(courses.find((c) => c.subjectId === 'ai-user')).toMatchObject({ published: false });
      expect((await h.get('/api/subjects')).body).not.toContain('ai-user');
      expect(
        (await h.get<{ prices: Price[] }>('/api/marketplace/prices')).body.prices.map((p) => p.subjectId),
      ).not.toContain('ai-user');
      expect((await h.get('/api/preview?subject=ai-user')).status).toBe(404);
      const buyer = await h.newUser('late');
      expect(
        (
          await h.post(
            '/api/checkout/create',
            { subjectId: 'ai-user', priceId: 'price_ai_user' },
            { token: buyer.token },
          )
        ).status,
      ).toBe(404);
      expect((await h.get('/api/probe-course?subject=ai-user', { token: owner.token })).status).toBe(200);
    } finally {
      await h.post('/api/admin/courses/publish', { subjectId: 'ai-user', published: true }, { token: studio });
    }
    expect((await h.get('/api/subjects')).body).toContain('ai-user');
  });

  it('refuses bad input', async () => {
    const studio = await h.demoToken('studio');
    expect(
      (await h.post('/api/admin/courses/publish', { subjectId: 'ai-user', published: 'yes' }, { token: studio }))
        .status,
    ).toBe(400);
    expect(
      (await h.post('/api/admin/courses/publish', { subjectId: 'nope', published: true }, { token: studio })).status,
    ).toBe(404);
  });
});
