import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { currentDevice, type DeviceInfo, PHONE_WIDTH } from './device';

/** The three checks of spec §1, plus whether the phone layout applies (a phone, or a window under 600 px). */
export function useDevice(): DeviceInfo & { phoneLayout: boolean } {
  const device = useMemo(currentDevice, []);
  const narrow = useMediaQuery(`(max-width: ${PHONE_WIDTH - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  return { ...device, phoneLayout: device.isMobile || narrow === true };
}
