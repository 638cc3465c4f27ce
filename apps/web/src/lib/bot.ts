/**
 * Crawlers and link previewers. Headless browsers (HeadlessChrome) are not bots: they run tests and must
 * see what people see.
 */
const BOT =
  /bot\b|bot\/|crawler|crawling|spider|slurp|mediapartners|adsbot|facebookexternalhit|facebot|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|ia_archiver|archive\.org_bot|yandex|baidu|bingpreview|feedfetcher|headlesscrawler|petalsearch/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return BOT.test(userAgent);
}

export function isBot(): boolean {
  return typeof navigator !== 'undefined' && isBotUserAgent(navigator.userAgent);
}
