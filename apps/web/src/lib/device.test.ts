import { describe, expect, it } from 'vitest';
import { detectDevice, PHONE_WIDTH } from './device';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  ipadOld:
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/125.0.0.0 Safari/537.36',
  kindle:
    'Mozilla/5.0 (Linux; Android 9; KFMAWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/120.1 like Chrome/120 Safari/537.36',
};

describe('device detection', () => {
  it('phone width is 600', () => {
    expect(PHONE_WIDTH).toBe(600);
  });

  it.each([
    ['iphone', UA.iphone],
    ['android phone', UA.androidPhone],
  ])('detects a %s as mobile', (_, userAgent) => {
    expect(detectDevice({ userAgent })).toEqual({ isMobile: true, isTablet: false, isDesktop: false });
  });

  it.each([
    ['android tablet', UA.androidTablet],
    ['old iPad', UA.ipadOld],
    ['Kindle', UA.kindle],
  ])('detects an %s as tablet', (_, userAgent) => {
    expect(detectDevice({ userAgent })).toEqual({ isMobile: false, isTablet: true, isDesktop: false });
  });

  it('detects iPadOS, which reports a Mac with a touch screen, as a tablet', () => {
    expect(detectDevice({ userAgent: UA.ipadOs, platform: 'MacIntel', maxTouchPoints: 5 }).isTablet).toBe(
      true,
    );
    expect(detectDevice({ userAgent: UA.ipadOs, platform: 'MacIntel', maxTouchPoints: 0 }).isDesktop).toBe(
      true,
    );
  });

  it('treats an unknown device that reports userAgentData.mobile as mobile', () => {
    expect(detectDevice({ userAgent: UA.desktopChrome, userAgentDataMobile: true }).isMobile).toBe(true);
  });

  it('is desktop when neither', () => {
    expect(detectDevice({ userAgent: UA.desktopChrome, userAgentDataMobile: false })).toEqual({
      isMobile: false,
      isTablet: false,
      isDesktop: true,
    });
    expect(detectDevice({ userAgent: UA.headless }).isDesktop).toBe(true);
  });

  it('the three checks are exclusive', () => {
    for (const userAgent of Object.values(UA)) {
      const device = detectDevice({ userAgent, platform: 'MacIntel', maxTouchPoints: 5 });
      expect([device.isMobile, device.isTablet, device.isDesktop].filter(Boolean)).toHaveLength(1);
    }
  });
});
