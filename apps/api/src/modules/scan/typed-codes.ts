import type { Queryable } from '@guichet/db/client';
import { looksLikeTicketCode, parseTicketCode } from '@guichet/shared/ticket-code';
import type { RateLimiter } from '../../plugins/rate-limit';
import { secretsOfShortCodes } from './typed-codes.repository';

/**
 * Codes typed at the door: a ticket's short code stands for its signed secret, so everything after (the
 * redeem's reads, the known scans, the offline replay) works on secrets alone. A typed code that matches
 * nothing counts against the device and the staff member (per organisation); past the limit every typed
 * code is refused with 429 until the minute ends, right or wrong, so codes cannot be guessed by trying.
 * QR secrets are not counted: a forged one cannot be made without the organisation's key.
 */
export class TypedCodes {
  /** `wrong` counts typed codes that matched nothing, in the store every process shares. */
  constructor(
    private readonly db: Queryable,
    private readonly wrong: RateLimiter,
  ) {}

  private keys(organizationId: string, staffId: string, deviceId: string) {
    return [`device:${organizationId}:${deviceId}`, `staff:${organizationId}:${staffId}`];
  }

  /** Throws 429 while the caller may not type codes. */
  async checkAllowed(organizationId: string, staffId: string, deviceId: string): Promise<void> {
    for (const key of this.keys(organizationId, staffId, deviceId)) await this.wrong.check(key);
  }

  /** Counts a typed code that matched nothing; throws 429 once over the limit. */
  async countWrong(organizationId: string, staffId: string, deviceId: string): Promise<void> {
    for (const key of this.keys(organizationId, staffId, deviceId)) await this.wrong.hit(key);
  }

  /**
   * What each scanned text stands for: the secret of the ticket whose short code was typed, or the text
   * itself (a QR secret, or a typed code that matches nothing, which is then refused as invalid).
   * Online (`strict`), a caller over the limit gets 429. Offline scans already happened at the door and
   * a queue must always be able to sync: a caller over the limit gets no typed code resolved (each is
   * recorded as invalid), and wrong ones are counted without refusing the batch.
   */
  async secretsOf(
    caller: { organizationId: string; staffId: string; deviceId: string },
    texts: readonly string[],
    mode: 'strict' | 'offline',
  ): Promise<Map<string, string>> {
    const typed = texts.filter(looksLikeTicketCode);
    const resolved = new Map(texts.map((text) => [text, text]));
    if (typed.length === 0) return resolved;
    const { organizationId, staffId, deviceId } = caller;
    const keys = this.keys(organizationId, staffId, deviceId);
    if (mode === 'strict') await this.checkAllowed(organizationId, staffId, deviceId);
    else if ((await Promise.all(keys.map((key) => this.wrong.isOver(key)))).some(Boolean)) return resolved;
    const codes = new Map<string, string>();
    for (const text of typed) {
      const code = parseTicketCode(text);
      if (code) codes.set(text, code);
    }
    const rows = await secretsOfShortCodes(this.db, organizationId, [...new Set(codes.values())]);
    const secretOf = new Map(rows.map((row) => [row.shortCode, row.secret]));
    for (const text of typed) {
      const code = codes.get(text);
      const secret = code ? secretOf.get(code) : undefined;
      if (secret) resolved.set(text, secret);
      else if (mode === 'strict') await this.countWrong(organizationId, staffId, deviceId);
      else for (const key of keys) if (!(await this.wrong.isOver(key))) await this.wrong.hit(key);
    }
    return resolved;
  }
}
