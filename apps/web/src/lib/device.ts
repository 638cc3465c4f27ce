/** Spec §9: default phone width. Below it the layout is the phone one whatever the device says. */
export const PHONE_WIDTH = 600;

export interface DeviceInfo {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
}

export interface DeviceSignals {
  userAgent: string;
  /** `navigator.userAgentData.mobile` where the browser has it (Chromium). */
  userAgentDataMobile?: boolean;
  platform?: string;
  maxTouchPoints?: number;
}

const PHONE =
  /iphone|ipod|android.*mobile|windows phone|iemobile|blackberry|bb10|opera mini|opera mobi|webos|kaios|fennec|mobile safari|silk.*mobile|\bmobile\b.*firefox/i;
const TABLET = /ipad|tablet|kindle|silk|playbook|nexus (7|9|10)|sm-t\d|android(?!.*mobile)/i;

/**
 * Spec §1: mobile when a phone is detected or an unknown mobile is reported; tablet when a tablet is
 * detected (iPadOS reports itself as a Mac with a touch screen); desktop when neither.
 */
export function detectDevice(signals: DeviceSignals): DeviceInfo {
  const ua = signals.userAgent;
  const phone = PHONE.test(ua) && !/ipad/i.test(ua);
  const iPadOs = /macintel|mac/i.test(signals.platform ?? '') && (signals.maxTouchPoints ?? 0) > 1 && !phone;
  const tablet = !phone && (TABLET.test(ua) || iPadOs);
  const isMobile = phone || (signals.userAgentDataMobile === true && !tablet);
  const isTablet = !isMobile && tablet;
  return { isMobile, isTablet, isDesktop: !isMobile && !isTablet };
}

interface NavigatorWithUaData {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
  userAgentData?: { mobile?: boolean };
}

export function currentDevice(): DeviceInfo {
  if (typeof navigator === 'undefined') return { isMobile: false, isTablet: false, isDesktop: true };
  const nav = navigator as unknown as NavigatorWithUaData;
  return detectDevice({
    userAgent: nav.userAgent,
    userAgentDataMobile: nav.userAgentData?.mobile,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints,
  });
}
