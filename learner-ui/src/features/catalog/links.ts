/** Where the course buttons lead (shop, preview, landing and dashboard share them). */

const q = encodeURIComponent;

/** Buy Access: starts payment; signed-out visitors are sent to /login first. */
export function checkoutStartPath(subjectId: string, priceId?: string | null): string {
  return `/checkout/start?subject=${q(subjectId)}${priceId ? `&priceId=${q(priceId)}` : ''}`;
}

export function previewPath(subjectId: string): string {
  return `/preview?subject=${q(subjectId)}`;
}

export function previewNodePath(nodeId: string, subjectId: string): string {
  return `/preview/node/${q(nodeId)}?subject=${q(subjectId)}`;
}

/** Continue / Study / Study Now: the subject's learning graph. */
export function graphPath(subjectId: string): string {
  return `/graph?subject=${q(subjectId)}`;
}

export function shopPath(subjectId?: string | null): string {
  return subjectId ? `/shop?subject=${q(subjectId)}` : '/shop';
}
