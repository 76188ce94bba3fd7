/// <reference lib="dom" />
import { test as base, expect } from '@playwright/test';

/**
 * Every browser test runs with the server's Content-Security-Policy on (it is sent on every
 * response) and fails when the page reports a CSP violation: a blocked script, style, image,
 * connection or frame, or an inline script or handler.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        const text = msg.text();
        if (/Content Security Policy|CSP violation|Refused to (load|execute|apply|connect|frame|evaluate)/i.test(text))
          violations.push(text);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(
            `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
          ),
        );
      });
      await use();
      // The violation event is a task the page runs after the blocked script: one more turn of the page's event loop
      // (its console message reaches the test before this answer) so a busy machine cannot end the test first.
      await page.evaluate(() => new Promise((r) => setTimeout(r, 0))).catch(() => undefined);
      expect(violations, 'Content-Security-Policy violations on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
