import Button from '@mui/material/Button';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubMatchMedia } from './test/helpers';
import { renderPage } from './test/render';
import { reducedMotionTheme, theme } from './theme';

/**
 * Presses a button and counts the ripples under it a moment later (the ripple is mounted on the first press, then
 * started): the default-motion test shows the moment is long enough for one to appear.
 */
async function rippleOnPress() {
  document.cookie = 'lp_session=; Max-Age=0; Path=/';
  renderPage(<Button>Press</Button>, '/');
  const button = screen.getByRole('button', { name: 'Press' });
  fireEvent.mouseDown(button);
  await act(() => new Promise((r) => setTimeout(r, 50)));
  const ripples = button.querySelectorAll('.MuiTouchRipple-child').length;
  fireEvent.mouseUp(button);
  return ripples;
}

describe('prefers-reduced-motion', () => {
  it('the reduced theme has no transitions and zero durations; the default one keeps them', () => {
    expect(reducedMotionTheme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(Object.values(reducedMotionTheme.transitions.duration).every((d) => d === 0)).toBe(true);
    expect(theme.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });

  it('asked for reduced motion, the site presses buttons without a ripple', async () => {
    stubMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    expect(await rippleOnPress()).toBe(0);
  });

  it('otherwise a ripple spreads from a pressed button', async () => {
    stubMatchMedia(() => false);
    expect(await rippleOnPress()).toBeGreaterThan(0);
  });
});
