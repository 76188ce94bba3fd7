import PRODUCT from '@lp/shared/product.json';
import type { ReceiptDetails, SendEmailPayload } from '../../../queues/queues';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT_NAME = PRODUCT.name;

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The line under an account mail: the reader may not have asked for it. A receipt says something else. */
const NOT_ASKED = 'If you did not ask for this, you can ignore this e-mail.';

function layout(
  title: string,
  paragraphs: string[],
  link: string,
  button: string,
  footer: string = NOT_ASKED,
  subject: string = title,
): RenderedMail {
  const text = [...paragraphs, '', `${button}: ${link}`, '', footer, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<h2>${escape(title)}</h2>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(link)}" style="display:inline-block;padding:10px 18px;background:#3f51b5;color:#fff;border-radius:6px;text-decoration:none">${escape(button)}</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this link into your browser: ${escape(link)}</p>
<p style="font-size:13px;color:#6b7280">${escape(footer)}</p>
<p style="font-size:13px;color:#6b7280">${escape(PRODUCT_NAME)}</p>
</body></html>`;
  return { subject, text, html };
}

function receipt(link: string, d: ReceiptDetails | undefined): RenderedMail {
  if (!d) throw new Error('a purchase-receipt mail needs its details');
  return layout(
    `Thank you for buying ${d.course}`,
    [
      `This is your receipt for lifetime access to ${d.course} on ${PRODUCT_NAME}.`,
      `Course: ${d.course}`,
      `Amount paid: ${d.amount}`,
      `Date: ${d.date}`,
      'The course is ready for you now.',
    ],
    link,
    'Start learning',
    `You receive this e-mail because this purchase was made with your ${PRODUCT_NAME} account. Keep it for your records.`,
    `Your ${PRODUCT_NAME} receipt: ${d.course}`,
  );
}

export function renderMail(payload: Pick<SendEmailPayload, 'template' | 'link' | 'details'>): RenderedMail {
  const { link } = payload;
  switch (payload.template) {
    case 'verify-email':
      return layout(
        'Confirm your e-mail address',
        [
          `Welcome to ${PRODUCT_NAME}! Please confirm your e-mail address to finish creating your account.`,
          'The link is valid for 24 hours.',
        ],
        link,
        'Confirm e-mail',
      );
    case 'reset-password':
      return layout(
        'Reset your password',
        [
          `Someone (hopefully you) asked to reset the password of this ${PRODUCT_NAME} account.`,
          'The link is valid for one hour and can be used once.',
        ],
        link,
        'Choose a new password',
      );
    case 'already-registered':
      return layout(
        'You already have an account',
        [
          `Someone tried to create a ${PRODUCT_NAME} account with this e-mail address, but one already exists.`,
          'You can sign in, or reset your password if you have forgotten it.',
        ],
        link,
        'Sign in',
      );
    case 'purchase-receipt':
      return receipt(link, payload.details);
  }
}
