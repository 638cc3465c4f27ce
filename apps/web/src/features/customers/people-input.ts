/** One person per line: `e-mail` or `e-mail, name` (a semicolon or tab works too, as pasted from a sheet). */
export interface PersonLine {
  email: string;
  name?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The people of a pasted block, and the lines that are not one (shown to fix, never sent). */
export function parsePeople(text: string): { people: PersonLine[]; bad: string[] } {
  const people: PersonLine[] = [];
  const bad: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const [first = '', ...rest] = line.split(/[,;\t]/).map((part) => part.trim());
    const email = EMAIL.test(first) ? first : (rest.find((part) => EMAIL.test(part)) ?? '');
    if (!email) {
      bad.push(line);
      continue;
    }
    const name = [first, ...rest].filter((part) => part && part !== email).join(' ');
    if (seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    people.push(name ? { email, name } : { email });
  }
  return { people, bad };
}
