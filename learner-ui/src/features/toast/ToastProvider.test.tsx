import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { ToastProvider } from './ToastProvider';
import { useToast, type ToastApi } from './toast-context';

const grabbed: { api: ToastApi | null } = { api: null };
function Grab() {
  const api = useToast();
  useEffect(() => {
    grabbed.api = api;
  }, [api]);
  return null;
}
const api = {
  toast: (...args: Parameters<ToastApi['toast']>) => grabbed.api!.toast(...args),
};

function setup() {
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
}

afterEach(() => vi.useRealTimers());

describe('toasts for screen readers', () => {
  it('a toast is shown inside a polite live region that was there before it, and is not a live region itself', () => {
    setup();
    const polite = screen.getByTestId('toast-region-polite');
    expect(polite).toHaveAttribute('role', 'status');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(polite).toBeEmptyDOMElement();

    act(() => api.toast({ title: 'Note saved', description: 'Added to your notes.', variant: 'success' }));
    const toast = within(polite).getByTestId('toast');
    expect(toast).toHaveTextContent('Note savedAdded to your notes.');
    expect(toast).not.toHaveAttribute('role', 'status');
    expect(toast).not.toHaveAttribute('role', 'alert');
    expect(toast).not.toHaveAttribute('aria-live');
    expect(screen.getAllByText('Note saved')).toHaveLength(1);
  });

  it('errors go to the assertive region', () => {
    setup();
    act(() => api.toast({ title: 'Note not saved', variant: 'destructive' }));
    expect(within(screen.getByTestId('toast-region-assertive')).getByTestId('toast')).toHaveTextContent(
      'Note not saved',
    );
    expect(screen.getByTestId('toast-region-assertive')).toHaveAttribute('aria-live', 'assertive');
    expect(screen.getByTestId('toast-region-polite')).toBeEmptyDOMElement();
  });

  it('the same message raised again at once is not shown (or read) twice; a later one is', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setup();
    act(() => api.toast({ title: 'Tag added' }));
    const first = screen.getByTestId('toast');
    act(() => api.toast({ title: 'Tag added' }));
    expect(screen.getByTestId('toast')).toBe(first);

    vi.setSystemTime(Date.now() + 5000);
    act(() => api.toast({ title: 'Tag added' }));
    expect(screen.getByTestId('toast')).not.toBe(first);
    expect(screen.getAllByText('Tag added')).toHaveLength(1);
  });

  it('a different message replaces the toast at once', () => {
    setup();
    act(() => api.toast({ title: 'Tag added' }));
    act(() => api.toast({ title: 'Tag removed' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Tag removed');
  });
});
