import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import { errorBody, session, type Handler } from './fetch-mock';

/** The router location rendered by LocationProbe. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export const signedOut: Record<string, Handler> = {
  'POST /api/auth/refresh': { status: 401, body: errorBody(401, 'Auth session missing!') },
};

export function signedIn(email = 'ada@example.com', roles: string[] = ['learner']): Record<string, Handler> {
  return { 'POST /api/auth/refresh': () => ({ body: session(email, roles) }) };
}

export function toast() {
  return screen.findByTestId('toast');
}

/**
 * Stubs window.matchMedia (jsdom has none): `matches(query)` answers each media query, e.g. a 390 px phone answers
 * yes to MUI's max-width queries. Undone after the test (unstubGlobals).
 */
export function stubMatchMedia(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
