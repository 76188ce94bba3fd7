#!/usr/bin/env node
/**
 * Lighthouse (mobile, its default simulated throttling) on the learner site as a phone sees it: the
 * landing page signed out, and the dashboard, the graph and a topic page as the demo learner. Prints
 * per page the median of BENCH_RUNS runs (default 3) of the performance score, LCP, TBT and CLS, with
 * their range, and the load average of the machine before and after. A benchmark, not a test.
 *
 *   npm start                      # in another terminal: a fresh platform on :3000
 *   npm run bench:lighthouse
 *
 * Each run opens a new Chromium (Debian's /usr/bin/chromium, the browser tests' flags) with a new
 * profile and, for a signed-in page, signs in afresh: POST /api/auth/login from here, and its cookies
 * (the httpOnly `lp_refresh`) go into the page with page.setCookie. A refresh token that was used once
 * revokes its whole session when used again, so no run may reuse an earlier run's cookie.
 *
 * Env: BENCH_URL (http://localhost:3000), DEMO_PASSWORD (demo-password), BENCH_EMAIL
 * (learner@example.com), BENCH_RUNS (3), BENCH_ONLY=<part of a page's path> (only those pages),
 * BENCH_REPORT_DIR=<dir> (keep each run's Lighthouse JSON report there), BENCH_DIAGNOSE=1 (print each
 * run's LCP element and the elements that shifted, read in the page), CHROMIUM_PATH (/usr/bin/chromium).
 *
 * With Debian's current Chromium, Lighthouse 12.2.3's trace engine fails on the newer trace format for the
 * audits that need root causes (largest-contentful-paint-element, layout-shifts, render-blocking-resources:
 * "Cannot read properties of undefined (reading 'frame_sequence')"); the metrics themselves are fine.
 * BENCH_DIAGNOSE reads the same facts in the page instead: a PerformanceObserver installed before the page's
 * own scripts records the LCP candidates and each layout shift's sources.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const BASE = (process.env.BENCH_URL || 'http://localhost:3000').replace(/\/+$/, '');
const EMAIL = process.env.BENCH_EMAIL || 'learner@example.com';
const PASSWORD = process.env.DEMO_PASSWORD || 'demo-password';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS || 3));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const DIAGNOSE = process.env.BENCH_DIAGNOSE === '1';
/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated. */
const ATTEMPTS = 3;
const SUBJECT = 'vagus-nerve';
const PRICE = 'price_vagus_nerve';

/** The four pages of issue 26 §10; the landing page as a visitor sees it. */
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: `/graph?subject=${SUBJECT}`, signedIn: true },
  { path: `/node/vn-anatomy?subject=${SUBJECT}`, signedIn: true },
].filter((p) => !process.env.BENCH_ONLY || p.path.includes(process.env.BENCH_ONLY));

/** As the browser tests launch Chromium (playwright.config.ts); no sandbox, since this runs as root. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One Set-Cookie header as puppeteer's CookieParam, for the bench's own origin. */
function parseSetCookie(header) {
  const [pair, ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: new URL(BASE).hostname, path: '/' };
  for (const attr of attrs) {
    const [k, v = ''] = attr.split('=');
    const key = k.toLowerCase();
    if (key === 'path') cookie.path = v;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite') cookie.sameSite = v.charAt(0).toUpperCase() + v.slice(1).toLowerCase();
    else if (key === 'max-age') cookie.expires = Math.floor(Date.now() / 1000) + Number(v);
  }
  return cookie;
}

async function api(path, { method = 'GET', body, token } = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      origin: BASE,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return { res, json: text ? JSON.parse(text) : null };
}

/** A fresh session of the demo learner: its access token and its cookies (lp_refresh, and any marker). */
async function signIn() {
  const { res, json } = await api('/api/auth/login', { method: 'POST', body: { email: EMAIL, password: PASSWORD } });
  const cookies = res.headers.getSetCookie().map(parseSetCookie);
  if (!cookies.some((c) => c.name === 'lp_refresh')) throw new Error('the login set no lp_refresh cookie');
  return { token: json.accessToken, cookies };
}

/** The demo learner owns vagus-nerve: bought once through the dev checkout when it does not yet. */
async function ensureOwnsSubject() {
  const { token } = await signIn();
  const { json: owned } = await api('/api/entitlements', { token });
  if (owned.some((e) => e.subjectId === SUBJECT)) return;
  const { json: checkout } = await api('/api/checkout/create', {
    method: 'POST',
    token,
    body: { subjectId: SUBJECT, priceId: PRICE },
  });
  await api(`/api/checkout/dev/${encodeURIComponent(checkout.sessionId)}/complete`, { method: 'POST', token });
  const { json: after } = await api('/api/entitlements', { token });
  if (!after.some((e) => e.subjectId === SUBJECT)) throw new Error(`the dev checkout did not grant ${SUBJECT}`);
  console.log(`${EMAIL} bought ${SUBJECT} through the dev checkout.`);
}

/** Runs in the page before its scripts: the LCP candidates and the layout shifts, with what moved. */
function observePaints() {
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node ? `#text in ${describe(node.parentElement)}` : '(removed)';
    const id = node.id ? `#${node.id}` : '';
    const testid = node.getAttribute('data-testid') ? `[data-testid=${node.getAttribute('data-testid')}]` : '';
    const text = (node.textContent || '').trim().slice(0, 40);
    return `${node.tagName.toLowerCase()}${id}${testid}${text ? ` "${text}"` : ''}`;
  };
  const seen = { lcp: [], shifts: [] };
  globalThis.__benchPaints = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      seen.lcp.push({ t: Math.round(e.startTime), size: e.size, el: describe(e.element) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      seen.shifts.push({
        t: Math.round(e.startTime),
        value: e.value,
        sources: (e.sources || []).map(
          (s) =>
            `${describe(s.node)} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} (h ${Math.round(
              s.previousRect.height,
            )}→${Math.round(s.currentRect.height)})`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

function printPaints(paints) {
  if (!paints) return console.log('      (no paint records)');
  const lcp = paints.lcp.at(-1);
  if (lcp) console.log(`      LCP element at ${lcp.t} ms (unthrottled): ${lcp.el}, ${lcp.size} px²`);
  for (const s of paints.shifts)
    console.log(`      shift ${s.value.toFixed(4)} at ${s.t} ms:\n        ${s.sources.join('\n        ')}`);
}

/** One Lighthouse run of one page in a new browser with a new profile; repeated when the trace failed. */
async function measure(page, runIndex) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(page, runIndex);
    } catch (err) {
      if (!(err instanceof TraceError) || attempt >= ATTEMPTS) throw err;
      console.log(`  (${page.path}: ${err.message}; again)`);
    }
  }
}

class TraceError extends Error {}

async function measureOnce(page, runIndex) {
  const profile = mkdtempSync(join(tmpdir(), 'lp-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: CHROMIUM_ARGS,
  });
  try {
    const tab = await browser.newPage();
    if (page.signedIn) {
      const { cookies } = await signIn();
      await tab.setCookie(...cookies);
    }
    if (DIAGNOSE) await tab.evaluateOnNewDocument(observePaints);
    const result = await lighthouse(
      `${BASE}${page.path}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile' },
      undefined,
      tab,
    );
    if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new TraceError(`${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const name = page.path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'landing';
      writeFileSync(join(REPORT_DIR, `${name}.${runIndex + 1}.json`), result.report);
    }
    const final = new URL(lhr.finalDisplayedUrl);
    const expected = new URL(`${BASE}${page.path}`);
    if (final.pathname !== expected.pathname)
      throw new Error(`${page.path} ended at ${final.pathname}${final.search} (signed out?)`);
    if (DIAGNOSE) printPaints(await tab.evaluate(() => globalThis.__benchPaints).catch(() => null));
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? NaN) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const METRICS = [
  ['performance', 'score', (n) => String(Math.round(n))],
  ['LCP', 'lcp', (n) => `${(n / 1000).toFixed(2)} s`],
  ['TBT', 'tbt', (n) => `${Math.round(n)} ms`],
  ['CLS', 'cls', (n) => n.toFixed(3)],
  ['FCP', 'fcp', (n) => `${(n / 1000).toFixed(2)} s`],
];

async function main() {
  console.log(`Lighthouse ${RUNS}x per page on ${BASE} (mobile, default throttling); load average ${load()}`);
  if (PAGES.some((p) => p.signedIn)) await ensureOwnsSubject();
  const results = new Map(PAGES.map((p) => [p.path, []]));
  // Rounds over the pages rather than one page's runs back to back, so a burst of load elsewhere on
  // the machine spreads over the pages instead of landing on one.
  for (let run = 0; run < RUNS; run++) {
    for (const page of PAGES) {
      const r = await measure(page, run);
      results.get(page.path).push(r);
      console.log(
        `  run ${run + 1} ${page.path.padEnd(40)} perf ${String(r.score).padStart(3)}  LCP ${(r.lcp / 1000).toFixed(2)} s` +
          `  TBT ${String(Math.round(r.tbt)).padStart(4)} ms  CLS ${r.cls.toFixed(3)}  (load ${load()})`,
      );
    }
  }
  console.log(`\nMedian of ${RUNS} (range); load average at the end ${load()}`);
  for (const page of PAGES) {
    const rs = results.get(page.path);
    const cells = METRICS.map(([label, key, fmt]) => {
      const xs = rs.map((r) => r[key]);
      return `${label} ${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
    });
    console.log(`${page.path}${page.signedIn ? '' : ' (signed out)'}\n  ${cells.join('  ')}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
