/** A path to come back to after sign-in: same-origin paths only, never the sign-in page itself. */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/connection' || value.startsWith('/connection?') || value.startsWith('/regs8df0s9dfsd'))
    return null;
  return value;
}

/** The `next` parameter of a location's search string. */
export function nextFromSearch(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get('next'));
}
