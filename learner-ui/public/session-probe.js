/* global window, document */
/*
 * The session probe, started while the app's code downloads (index.html loads this file `async`): on a phone the
 * code takes a second or more to arrive, and a signed-in page can show nothing until the session is known. When this
 * browser holds a session (the server's `lp_session=1` marker cookie, or the app's local-storage hint), it posts
 * /api/auth/refresh under the same Web Lock the app refreshes under (two refreshes of one cookie at once would look
 * like token reuse), and leaves the response's promise in `window.__lpSessionProbe`. The app takes it once
 * (learner-ui/src/api/session-probe.ts) instead of asking again; if the app started first, it has set the
 * property to null and this script does nothing. Plain script (no modules, no build): it runs before anything else is loaded.
 */
(function () {
  try {
    if (window.__lpSessionProbe !== undefined) return;
    var marker = document.cookie.split(';').some(function (c) {
      return c.trim() === 'lp_session=1';
    });
    var hint = false;
    try {
      hint = !!window.localStorage.getItem('lp.session');
    } catch {
      hint = false;
    }
    if (!marker && !hint) return;
    var post = function () {
      return fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
    };
    window.__lpSessionProbe = navigator.locks ? navigator.locks.request('lp.auth.refresh', post) : post();
  } catch {
    // the app probes the session itself
  }
})();
