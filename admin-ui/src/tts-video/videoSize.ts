/** The spec's default video size, sent when a resolution field is left empty. */
export const DEFAULT_WIDTH = 1280;
export const DEFAULT_HEIGHT = 720;

/** The server's bounds (docs/media-api.md): even numbers, 160..3840 wide and 90..2160 high. */
export const WIDTH_RANGE = { min: 160, max: 3840 } as const;
export const HEIGHT_RANGE = { min: 90, max: 2160 } as const;

/** A resolution field's value to send: empty means the default; anything else must be an even whole number in range. */
export const parseDimension = (
  text: string,
  fallback: number,
  range: { min: number; max: number },
): { value: number } | { error: string } => {
  const trimmed = text.trim();
  if (trimmed === '') return { value: fallback };
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value % 2 !== 0 || value < range.min || value > range.max) {
    return { error: `An even number from ${range.min} to ${range.max}` };
  }
  return { value };
};
