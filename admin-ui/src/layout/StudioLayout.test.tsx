import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { json, makeSession, mockFetch, stubLocation } from '../test/browser';
import { studioDocumentTitle } from './StudioDocumentTitle';

async function renderApp() {
  vi.resetModules();
  const { App } = await import('../App');
  return render(<App />);
}

describe('Studio accessibility', () => {
  it.each([
    ['/studio', 'Hub · Studio · LearnPath'],
    ['/studio/', 'Hub · Studio · LearnPath'],
    ['/studio/versions', 'Versions · Studio · LearnPath'],
    ['/studio/editor/vn-gut-brain', 'Node Editor · Studio · LearnPath'],
    ['/studio/tts-video', 'TTS Video · Studio · LearnPath'],
    ['/studio/migrate', 'Migrate · Studio · LearnPath'],
    ['/studio/nope', 'Page Not Found · Studio · LearnPath'],
  ])('%s is titled %s', (path, title) => {
    expect(studioDocumentTitle(path)).toBe(title);
  });

  it('names the document after the screen', async () => {
    stubLocation('/studio/');
    mockFetch({ 'POST /api/auth/refresh': json(makeSession(['learner', 'studio'])) });
    await renderApp();

    await screen.findByRole('heading', { level: 1, name: 'Studio' });
    await waitFor(() => expect(document.title).toBe('Hub · Studio · LearnPath'));
  });
});
