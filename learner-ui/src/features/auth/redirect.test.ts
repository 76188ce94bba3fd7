import { describe, expect, it } from 'vitest';
import {
  ALLOWED_PATH_PREFIXES,
  checkoutOfTarget,
  DEFAULT_REDIRECT,
  isAllowedRedirectPath,
  isStudioTarget,
  loginPathWithNext,
  safeRedirect,
  STUDIO_SUBPATHS,
  targetFromLocationState,
} from './redirect';

const ORIGIN = 'https://learn.example.com';
const go = (target: unknown) => safeRedirect(target, ORIGIN);

describe('safeRedirect: fallback', () => {
  it.each([undefined, null, '', '   ', 42, {}, ['/graph']])('falls back to /dashboard for %j', (target) => {
    expect(go(target)).toBe('/dashboard');
  });

  it('uses /dashboard as the default target', () => {
    expect(DEFAULT_REDIRECT).toBe('/dashboard');
  });
});

describe('safeRedirect: allowed prefixes', () => {
  it.each(ALLOWED_PATH_PREFIXES.map((p) => [p]))('accepts %s itself', (prefix) => {
    expect(go(prefix)).toBe(prefix);
  });

  it.each([
    ['/node/vn-anatomy', '/node/vn-anatomy'],
    ['/challenge/vagus-reset-14/day/3', '/challenge/vagus-reset-14/day/3'],
    ['/preview/node/vn-anatomy?subject=vagus-nerve', '/preview/node/vn-anatomy?subject=vagus-nerve'],
    ['/checkout/start?subject=metabolic&priceId=price_123', '/checkout/start?subject=metabolic&priceId=price_123'],
    ['/graph/anything/deeper', '/graph/anything/deeper'],
  ])('accepts a path under an allowed prefix: %s', (target, expected) => {
    expect(go(target)).toBe(expected);
  });

  it('accepts the root path exactly', () => {
    expect(go('/')).toBe('/');
  });

  it('does not treat "/" as a prefix for everything', () => {
    expect(go('/admin')).toBe('/dashboard');
    expect(go('/api/auth/logout')).toBe('/dashboard');
    expect(go('/certificates/abc')).toBe('/dashboard');
  });

  it.each(['/dashboardx', '/graphs', '/notesy', '/shopping', '/preview-all', '/challengesx', '/nodes', '/quizzes'])(
    'rejects %s, which only shares letters with an allowed prefix',
    (target) => {
      expect(go(target)).toBe('/dashboard');
    },
  );

  it('is case-sensitive (fails safe)', () => {
    expect(go('/Graph')).toBe('/dashboard');
  });
});

describe('safeRedirect: query strings, hashes and trailing slashes', () => {
  it('keeps the query string and hash of a valid target', () => {
    expect(go('/graph?subject=metabolic#top')).toBe('/graph?subject=metabolic#top');
    expect(go('/notes?subject=vagus-nerve&q=breath')).toBe('/notes?subject=vagus-nerve&q=breath');
    expect(go('/dashboard#progress')).toBe('/dashboard#progress');
  });

  it('removes trailing slashes before matching and from the result', () => {
    expect(go('/dashboard/')).toBe('/dashboard');
    expect(go('/graph///?subject=metabolic')).toBe('/graph?subject=metabolic');
    expect(go('/studio/')).toBe('/studio');
    expect(go('/studio/versions/')).toBe('/studio/versions');
  });

  it('still rejects a bad path with a trailing slash', () => {
    expect(go('/dashboardx/')).toBe('/dashboard');
    expect(go('/login/')).toBe('/dashboard');
  });

  it('resolves dot segments before matching', () => {
    expect(go('/graph/../login')).toBe('/dashboard');
    expect(go('/dashboard/%2e%2e/register')).toBe('/dashboard');
    expect(go('/notes/./x/../')).toBe('/notes');
  });
});

describe('safeRedirect: same origin only', () => {
  it.each([
    '//evil.com',
    '//evil.com/dashboard',
    '///evil.com/dashboard',
    '/\\evil.com/dashboard',
    '\\\\evil.com',
    'https://evil.com/dashboard',
    'http://evil.com',
    'http://learn.example.com/dashboard', // other scheme is another origin
    'https://learn.example.com:8443/dashboard', // other port
    'https://learn.example.com.evil.com/dashboard',
    'https://evil.com@learn.example.com.evil.com/',
    ' //evil.com',
    '\t//evil.com',
    'ftp://learn.example.com/dashboard',
  ])('rejects %j', (target) => {
    expect(go(target)).toBe('/dashboard');
  });

  it('accepts an absolute URL on the same origin and returns it relative', () => {
    expect(go('https://learn.example.com/graph?subject=metabolic#n1')).toBe('/graph?subject=metabolic#n1');
  });

  it('rejects same-origin URLs that carry credentials', () => {
    expect(go('https://user:pw@learn.example.com/dashboard')).toBe('/dashboard');
  });

  it('defaults to the current window origin', () => {
    expect(safeRedirect(`${window.location.origin}/practice`)).toBe('/practice');
    expect(safeRedirect('https://evil.com/practice')).toBe('/dashboard');
  });
});

describe('safeRedirect: javascript: and data: links', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript%3Aalert(1)',
    'javascript%253Aalert(1)',
    '%6A%61%76%61%73%63%72%69%70%74:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data%3Atext/html,hi',
    'vbscript:msgbox(1)',
  ])('rejects %j', (target) => {
    expect(go(target)).toBe('/dashboard');
  });

  it('allows the word javascript inside a query of a valid path', () => {
    expect(go('/notes?q=javascript:tips')).toBe('/notes?q=javascript:tips');
  });
});

describe('safeRedirect: account pages are never targets', () => {
  it.each([
    '/login',
    '/login?next=/graph',
    '/login?next=%2Fdashboard',
    '/register',
    '/request-reset',
    '/forgot',
    '/reset',
    '/reset?token=abc',
    '/login/',
    '/login/extra',
    `${ORIGIN}/login`,
  ])('rejects %s', (target) => {
    expect(go(target)).toBe('/dashboard');
  });

  it('rejects the other account pages, which are not in the allowed list', () => {
    expect(go('/reset-password?token=abc')).toBe('/dashboard');
    expect(go('/verify?token=abc')).toBe('/dashboard');
  });
});

describe('safeRedirect: studio', () => {
  it('accepts /studio itself', () => {
    expect(go('/studio')).toBe('/studio');
  });

  it.each(STUDIO_SUBPATHS.map((s) => [s]))('accepts /studio/%s', (sub) => {
    expect(go(`/studio/${sub}`)).toBe(`/studio/${sub}`);
  });

  it('accepts paths under a listed subpath', () => {
    expect(go('/studio/editor/vn-anatomy')).toBe('/studio/editor/vn-anatomy');
    expect(go('/studio/users?filter=%7B%7D')).toBe('/studio/users?filter=%7B%7D');
  });

  it.each([
    '/studio/unknown',
    '/studio/migrate',
    '/studio/versionsx',
    '/studio/tts-videos',
    '/studio//versions',
    '/studio%2Fversions',
    '/studiox',
    '/studio/Users',
  ])('rejects %s', (target) => {
    expect(go(target)).toBe('/dashboard');
  });
});

describe('safeRedirect: legacy /learn', () => {
  it.each([
    ['/learn?slug=metabolic', '/graph?subject=metabolic'],
    ['/learn?subject=vagus-nerve', '/graph?subject=vagus-nerve'],
    ['/learn/?slug=ai-user', '/graph?subject=ai-user'],
    ['/learn/some/old/page?slug=ai-for-ceos', '/graph?subject=ai-for-ceos'],
    ['/learn?subject=metabolic&slug=ai-user', '/graph?subject=metabolic'],
    ['/learn?slug=a%20b', '/graph?subject=a%20b'],
    ['/learn', '/graph'],
    ['/learn/', '/graph'],
    ['/learn?subject=', '/graph'],
  ])('maps %s to %s', (target, expected) => {
    expect(go(target)).toBe(expected);
  });

  it('does not map paths that only start with the letters', () => {
    expect(go('/learning?slug=metabolic')).toBe('/dashboard');
    expect(go('/learnx')).toBe('/dashboard');
  });

  it('does not map /learn on another origin', () => {
    expect(go('https://evil.com/learn?slug=metabolic')).toBe('/dashboard');
  });

  it('encodes the subject it carries over', () => {
    expect(go('/learn?slug=x%26admin%3D1')).toBe('/graph?subject=x%26admin%3D1');
  });
});

describe('helpers', () => {
  it('isAllowedRedirectPath works on normalised paths', () => {
    expect(isAllowedRedirectPath('/')).toBe(true);
    expect(isAllowedRedirectPath('/mastery')).toBe(true);
    expect(isAllowedRedirectPath('/forgot')).toBe(false);
    expect(isAllowedRedirectPath('/studio/review')).toBe(true);
    expect(isAllowedRedirectPath('/studio/nope')).toBe(false);
  });

  it('isStudioTarget spots the separate Studio application', () => {
    expect(isStudioTarget('/studio')).toBe(true);
    expect(isStudioTarget('/studio/jobs?x=1')).toBe(true);
    expect(isStudioTarget('/studios')).toBe(false);
    expect(isStudioTarget('/dashboard')).toBe(false);
  });

  it('targetFromLocationState reads a previous location', () => {
    expect(targetFromLocationState({ from: { pathname: '/graph', search: '?subject=x', hash: '#a' } })).toBe(
      '/graph?subject=x#a',
    );
    expect(targetFromLocationState({ from: '/notes' })).toBe('/notes');
    expect(targetFromLocationState(null)).toBeNull();
    expect(targetFromLocationState({ from: { search: '?x' } })).toBeNull();
  });

  it('loginPathWithNext encodes the target', () => {
    expect(loginPathWithNext('/graph?subject=a&b=c')).toBe('/login?next=%2Fgraph%3Fsubject%3Da%26b%3Dc');
  });
});

describe('checkoutOfTarget (the purchase a sign-up keeps)', () => {
  const origin = 'https://learn.example';
  it('reads the course and the price of a checkout start target', () => {
    expect(checkoutOfTarget('/checkout/start?subject=vagus-nerve&priceId=price_1', origin)).toEqual({
      subjectId: 'vagus-nerve',
      priceId: 'price_1',
    });
    expect(checkoutOfTarget('/checkout/start/?subject=metabolic', origin)).toEqual({ subjectId: 'metabolic' });
  });
  it.each([
    null,
    '',
    '/checkout/start',
    '/checkout/start?priceId=p',
    '/checkout?subject=x',
    '/graph?subject=x',
    'https://evil.example/checkout/start?subject=x',
    'javascript:alert(1)//checkout/start?subject=x',
  ])('finds none in %s', (target) => {
    expect(checkoutOfTarget(target, origin)).toBeNull();
  });
});
