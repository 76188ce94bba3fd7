/** Prices come in minor units (4900 = $49.00); the currency is an ISO code such as 'usd'. */
export function formatPrice(amount: number, currency: string = 'usd'): string {
  const code = (currency || 'usd').toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${code}`;
  }
}
