/** Escapes `%`, `_` and `\` so a user's text matches literally inside a LIKE pattern. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
