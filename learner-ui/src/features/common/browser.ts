/**
 * Full page loads (leaving the single-page app: payment provider pages, or a fresh start after
 * paying). Behind an object so tests can spy on it: jsdom cannot navigate.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
