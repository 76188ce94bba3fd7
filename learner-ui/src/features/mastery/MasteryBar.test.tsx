import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import LinearProgress from '@mui/material/LinearProgress';
import { MASTERY_COLORS, type MasteryLevel } from '../graph/mastery-level';
import { MasteryBar, MasteryRow } from './MasteryBar';

/** The bars the topic card, the topic page, the dashboard and the mastery page each wrote out before. */
function html(node: ReactElement): string {
  const { container, unmount } = render(node);
  const out = container.innerHTML;
  unmount();
  return out;
}

describe('<MasteryBar>', () => {
  it.each<MasteryLevel>(['not-started', 'beginner', 'intermediate', 'advanced'])(
    'renders the coloured bars of the graph (%s) exactly as before',
    (level) => {
      const color = MASTERY_COLORS[level];
      expect(html(<MasteryBar percent={42} label="Cold Exposure mastery" level={level} size="small" />)).toBe(
        html(
          <LinearProgress
            variant="determinate"
            value={42}
            color={color === 'default' ? 'inherit' : color}
            aria-label="Cold Exposure mastery"
            sx={{ height: 6, borderRadius: 3 }}
          />,
        ),
      );
      expect(html(<MasteryBar percent={42} label="Topic mastery" level={level} />)).toBe(
        html(
          <LinearProgress
            variant="determinate"
            value={42}
            color={color === 'default' ? 'inherit' : color}
            aria-label="Topic mastery"
            sx={{ height: 8, borderRadius: 4 }}
          />,
        ),
      );
    },
  );

  it('renders the plain bar of the dashboard and the mastery page exactly as before', () => {
    expect(html(<MasteryBar percent={82} label="Vagus Anatomy" />)).toBe(
      html(
        <LinearProgress
          variant="determinate"
          value={82}
          aria-label="Vagus Anatomy"
          sx={{ height: 8, borderRadius: 4 }}
        />,
      ),
    );
  });

  it('MasteryRow names the bar and shows the detail before the percent', () => {
    render(<MasteryRow name="Vagus Anatomy" percent={82} detail="4/5 correct · " />);
    expect(screen.getByRole('progressbar', { name: 'Vagus Anatomy' })).toHaveAttribute('aria-valuenow', '82');
    expect(screen.getByText('4/5 correct · 82%')).toBeInTheDocument();
  });
});
