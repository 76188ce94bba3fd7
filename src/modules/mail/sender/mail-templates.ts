import type { MailTemplate } from '../../../queues/queues';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function layout(title: string, paragraphs: string[], link: string, button: string): RenderedMail {
  const text = [
    ...paragraphs,
    '',
    `${button}: ${link}`,
    '',
    'If you did not ask for this, you can ignore this e-mail.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<h2>${escape(title)}</h2>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(link)}" style="display:inline-block;padding:10px 18px;background:#3f51b5;color:#fff;border-radius:6px;text-decoration:none">${escape(button)}</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this link into your browser: ${escape(link)}</p>
<p style="font-size:13px;color:#6b7280">If you did not ask for this, you can ignore this e-mail.</p>
</body></html>`;
  return { subject: title, text, html };
}

export function renderMail(template: MailTemplate, link: string): RenderedMail {
  switch (template) {
    case 'verify-email':
      return layout(
        'Confirm your e-mail address',
        [
          'Welcome! Please confirm your e-mail address to finish creating your account.',
          'The link is valid for 24 hours.',
        ],
        link,
        'Confirm e-mail',
      );
    case 'reset-password':
      return layout(
        'Reset your password',
        [
          'Someone (hopefully you) asked to reset the password of this account.',
          'The link is valid for one hour and can be used once.',
        ],
        link,
        'Choose a new password',
      );
    case 'already-registered':
      return layout(
        'You already have an account',
        [
          'Someone tried to create an account with this e-mail address, but one already exists.',
          'You can sign in, or reset your password if you have forgotten it.',
        ],
        link,
        'Sign in',
      );
  }
}
