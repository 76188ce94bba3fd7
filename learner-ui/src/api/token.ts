// The access token lives in module memory only: never in storage, never in a cookie we can read.
let token: string | null = null;
let expiresAt: number | null = null;

export const accessToken = {
  get(): string | null {
    return token;
  },
  expiresAt(): number | null {
    return expiresAt;
  },
  set(value: string, expiry: number): void {
    token = value;
    expiresAt = expiry;
  },
  clear(): void {
    token = null;
    expiresAt = null;
  },
};
